import { HostError } from '../../../../shared/api/host-error.ts';
import type { ToolGrant } from '../../../../shared/chat/settings-types.ts';
import { pinnedDefinition } from '../../../../shared/chat/tool-definition.ts';
import type { HeldTool, PinnedDefinition } from '../../../../shared/chat/tool-definition.ts';
import type { ConsentResult } from '../../../../shared/consent/consent-types.ts';
import type { ConsentBroker } from '../../consent/consent-broker.ts';
import type { HostEventBus } from '../../event-bus.ts';
import type { ServerManager } from '../../servers/server-manager.ts';
import { toolDefinitionHash } from './definition-hash.ts';
import type { GrantStore } from './grant-store.ts';
import type { PinStore } from './pin-store.ts';

export type ReviewedServers = Pick<ServerManager, 'list' | 'catalog' | 'setToolEnabled'>;

export interface ToolReviewsOptions {
  pins: PinStore;
  grants: GrantStore;
  servers: ReviewedServers;
  broker: Pick<ConsentBroker, 'request' | 'open'>;
  events: Pick<HostEventBus, 'emit' | 'on'>;
  /** Where a failure after the review was answered goes (switching the tool off, say); nobody awaits it. */
  onError?: (error: unknown) => void;
}

/**
 * Tools that changed since the person approved them, and their review: a `tool-change` consent request with
 * the diff, whose answer re-pins the new definition, keeps the tool held, or switches it off.
 */
export class ToolReviews {
  private lastHeld = '[]';
  private readonly options: ToolReviewsOptions;

  constructor(options: ToolReviewsOptions) {
    this.options = options;
  }

  /** Connected servers' tools whose definition differs from the pinned one, in server then tool order. */
  held(): HeldTool[] {
    const held: HeldTool[] = [];
    for (const { server, tool, enabled } of this.liveTools()) {
      const pin = this.options.pins.get(server, tool.name);
      if (pin && pin.definitionHash !== toolDefinitionHash(tool)) {
        held.push({ server, tool: tool.name, approvedAt: pin.approvedAt, enabled });
      }
    }
    return held.sort((a, b) => (a.server === b.server ? compare(a.tool, b.tool) : compare(a.server, b.server)));
  }

  /** Every grant, those whose tool is listed now with another definition marked `changed`: they no longer apply. */
  grants(): ToolGrant[] {
    const hashes = new Map<string, string>();
    for (const { server, tool } of this.liveTools()) hashes.set(key(server, tool.name), toolDefinitionHash(tool));
    return this.options.grants.list().map((grant) => {
      const live = hashes.get(key(grant.server, grant.tool));
      return live !== undefined && live !== grant.definitionHash ? { ...grant, changed: true } : grant;
    });
  }

  /** Opens the review (or returns the one already open for this tool); the answer is acted on when it comes. */
  review(server: string, toolName: string): { requestId: string } {
    const open = this.options.broker
      .open()
      .find((request) => request.kind === 'tool-change' && request.server === server && request.payload.tool === toolName);
    if (open) return { requestId: open.id };
    const tool = this.options.servers.catalog(server).tools.find((entry) => entry.name === toolName);
    if (!tool) throw new HostError('not_found', `server "${server}" lists no tool "${toolName}" now`);
    const current = pinnedDefinition(tool);
    const hash = toolDefinitionHash(current);
    const pin = this.options.pins.get(server, toolName);
    const grantChanged = this.options.grants.list().some((grant) => grant.server === server && grant.tool === toolName && grant.definitionHash !== hash);
    if (!grantChanged && (!pin || pin.definitionHash === hash)) {
      throw new HostError('conflict', `"${toolName}" on ${server} has not changed since it was allowed`);
    }
    let requestId = '';
    const previous: PinnedDefinition | undefined = pin?.definition;
    this.options.broker
      .request(
        'tool-change',
        server,
        { tool: toolName, current, ...(previous ? { previous } : {}), ...(pin ? { approvedAt: pin.approvedAt } : {}) },
        { onOpen: (requests) => (requestId = requests[0]?.id ?? '') },
      )
      .then((result) => this.settle(server, current, result))
      .catch(this.options.onError ?? ((error: unknown) => process.emitWarning(`tool review: ${(error as Error).message}`)));
    return { requestId };
  }

  /** Tells the windows when the held set changed (a server listed new definitions, a review was answered). */
  refresh(): void {
    const held = this.held();
    const now = JSON.stringify(held);
    if (now === this.lastHeld) return;
    this.lastHeld = now;
    this.options.events.emit('grants.heldTools', held);
    this.options.events.emit('grants.changed', this.grants());
  }

  /** Follows the servers' catalogs; returns the unsubscribe. */
  watch(): () => void {
    const offs = [this.options.events.on('servers.catalogChanged', () => this.refresh()), this.options.events.on('servers.changed', () => this.refresh())];
    return () => offs.forEach((off) => off());
  }

  private settle(server: string, current: PinnedDefinition, result: ConsentResult<'tool-change'>): void {
    if (result.outcome !== 'answered') return;
    const { decision } = result.answer;
    if (decision === 'approve') {
      // The definition the person saw is pinned, not whatever the server lists by now: a later change is held again.
      const hash = this.options.pins.pin(server, current);
      this.options.grants.rehash(server, current.name, hash);
      this.lastHeld = '';
      this.refresh();
    } else if (decision === 'switch-off') {
      this.options.servers.setToolEnabled(server, current.name, false);
    }
  }

  private *liveTools() {
    for (const state of this.options.servers.list()) {
      if (state.status !== 'connected') continue;
      let tools;
      try {
        tools = this.options.servers.catalog(state.name).tools;
      } catch {
        continue; // went away between list() and catalog()
      }
      for (const { enabled, ...tool } of tools) yield { server: state.name, tool, enabled: enabled && state.toolsEnabled };
    }
  }
}

function key(server: string, tool: string): string {
  return JSON.stringify([server, tool]);
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
