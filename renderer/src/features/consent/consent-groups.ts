import type { ConsentRequest } from '../../../../shared/consent/consent-types.ts';

/**
 * The requests to show now: the oldest one not put aside, together with the rest of its group when it was
 * asked with others in one round (they share one dialog and are answered each).
 */
export function currentRequests(shown: readonly ConsentRequest[], deferred: readonly string[]): ConsentRequest[] {
  const first = shown.find((request) => !deferred.includes(request.id));
  if (!first) return [];
  // Servers waiting to be trusted are reviewed together, however they were asked: an import asks for several.
  if (first.kind === 'server-trust') return shown.filter((request) => request.kind === 'server-trust' && !deferred.includes(request.id));
  // The tool uses of one model response are asked together (the turn waits for all): one review for the conversation.
  const conversationId = first.context?.conversationId;
  if (first.kind === 'tool-approval' && conversationId !== undefined && !first.payload.fromApp) {
    return shown.filter(
      (request) => request.kind === 'tool-approval' && request.context?.conversationId === conversationId && !request.payload.fromApp && !deferred.includes(request.id),
    );
  }
  const group = first.group;
  if (!group || group.size < 2) return [first];
  return shown.filter((request) => request.group?.id === group.id && !deferred.includes(request.id)).sort((a, b) => (a.group?.index ?? 0) - (b.group?.index ?? 0));
}
