import type { ConsentBroker } from '../../consent/consent-broker.ts';
import type { ApprovalAsker } from './tool-approver.ts';

const DECISIONS = { once: 'allow-once', conversation: 'allow-conversation', always: 'allow-always' } as const;

/** Tool approval as a `tool-approval` consent request: the UI shows it, the person answers through `consent.answer`. */
export function consentAsker(broker: Pick<ConsentBroker, 'request'>): ApprovalAsker {
  return {
    async ask(question, signal) {
      const { tool } = question;
      const result = await broker.request(
        'tool-approval',
        question.server,
        {
          tool: tool.name,
          ...(tool.title ? { title: tool.title } : {}),
          ...(tool.description ? { description: tool.description } : {}),
          arguments: question.arguments,
          ...(tool.annotations ? { annotations: tool.annotations } : {}),
          inputSchema: tool.inputSchema as Record<string, unknown>,
          ...(question.fromApp ? { fromApp: question.fromApp } : {}),
        },
        {
          signal,
          // An app shown by Run tool asks outside any conversation.
          context: {
            ...(question.conversationId ? { conversationId: question.conversationId } : {}),
            ...(question.toolCallId ? { toolCallId: question.toolCallId } : {}),
          },
        },
      );
      if (result.outcome !== 'answered') return { outcome: result.outcome };
      const { answer } = result;
      if (answer.decision === 'deny') return answer.message ? { decision: 'deny', reason: answer.message } : { decision: 'deny' };
      return answer.arguments ? { decision: DECISIONS[answer.scope], arguments: answer.arguments } : { decision: DECISIONS[answer.scope] };
    },
  };
}
