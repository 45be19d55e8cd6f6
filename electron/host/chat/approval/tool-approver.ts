import type { Tool } from '@modelcontextprotocol/client';
import type { ToolGrant } from '../../../../shared/chat/settings-types.ts';
import { checkEditedArguments } from './argument-check.ts';
import { toolDefinitionHash } from './definition-hash.ts';
import type { GrantStore } from './grant-store.ts';
import type { PinStore } from './pin-store.ts';

/** Everything a person (or a policy) needs to decide on one tool call. */
export interface ToolApprovalQuestion {
  conversationId: string;
  server: string;
  /** The tool's definition as the server lists it now (description, schema, annotations). */
  tool: Tool;
  /** The namespaced name the model used. */
  modelName: string;
  arguments: Record<string, unknown>;
  /** The provider's id for the call, so the UI can show the question next to it. */
  toolCallId?: string;
  /** The call comes from an MCP App, not the model: the tool whose app asks. */
  fromApp?: string;
}

export type ApprovalAnswer =
  | { decision: 'allow-once' | 'allow-conversation' | 'allow-always'; arguments?: unknown }
  | { decision: 'deny'; reason?: string };

/** A question that closed without an answer. */
export interface ApprovalUnanswered {
  outcome: 'cancelled' | 'timeout' | 'server-gone';
}

/** Who asks the person: the consent broker in the app, the terminal in the CLI. */
export interface ApprovalAsker {
  ask(question: ToolApprovalQuestion, signal: AbortSignal): Promise<ApprovalAnswer | ApprovalUnanswered>;
}

/**
 * Decides before anyone is asked. The seam for approval modes (auto-approve read-only tools of trusted
 * servers, allow everything, deny everything): `'ask'` hands the call to grants and then to the person.
 */
export type ApprovalPolicy = (question: ToolApprovalQuestion) => 'ask' | { allow: true } | { allow: false; reason: string };

export const askEveryTime: ApprovalPolicy = () => 'ask';

export type ApprovalOutcome =
  | {
      run: true;
      arguments: Record<string, unknown>;
      via: 'policy' | 'grant' | 'person';
      edited: boolean;
      /** With `via: 'person'`: what the person allowed, for the tool-call record. */
      scope?: 'once' | 'conversation' | 'always';
    }
  | { run: false; status: 'denied'; reason?: string; via: 'policy' | 'person' }
  | { run: false; status: 'cancelled'; error: string }
  | { run: false; status: 'error'; error: string };

export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.getPrototypeOf(value) === Object.prototype;
}

const UNANSWERED: Record<ApprovalUnanswered['outcome'], string> = {
  cancelled: 'The approval request was cancelled, so the tool did not run.',
  timeout: 'Nobody answered the approval request in time, so the tool did not run.',
  'server-gone': 'The server went away before the call was approved.',
};

const HELD = 'The tool changed since you allowed it, so it did not run; review the change first.';

/** Held back when changed, then policy, then standing grants (for this exact tool definition), then the person. */
export class ToolApprover {
  private readonly grants: GrantStore;
  private readonly pins: PinStore;
  private readonly onGrantsChanged: (grants: ToolGrant[]) => void;
  private readonly onPinned: (server: string, tool: string) => void;
  asker: ApprovalAsker;
  policy: ApprovalPolicy = askEveryTime;

  constructor(options: {
    grants: GrantStore;
    pins: PinStore;
    asker: ApprovalAsker;
    onGrantsChanged?: (grants: ToolGrant[]) => void;
    onPinned?: (server: string, tool: string) => void;
  }) {
    this.grants = options.grants;
    this.pins = options.pins;
    this.asker = options.asker;
    this.onGrantsChanged = options.onGrantsChanged ?? (() => {});
    this.onPinned = options.onPinned ?? (() => {});
  }

  /** A tool the person approved whose definition changed since: not offered, not run, until the change is reviewed. */
  isHeld(server: string, tool: Tool): boolean {
    return this.pins.differs(server, tool);
  }

  async approve(question: ToolApprovalQuestion, signal: AbortSignal): Promise<ApprovalOutcome> {
    if (this.isHeld(question.server, question.tool)) {
      return { run: false, status: 'error', error: HELD };
    }
    const verdict = this.policy(question);
    if (verdict !== 'ask') {
      return verdict.allow
        ? { run: true, arguments: question.arguments, via: 'policy', edited: false }
        : { run: false, status: 'denied', reason: verdict.reason, via: 'policy' };
    }
    const definitionHash = toolDefinitionHash(question.tool);
    if (this.grants.find(question.server, question.tool.name, definitionHash, question.conversationId)) {
      return { run: true, arguments: question.arguments, via: 'grant', edited: false };
    }
    if (signal.aborted) return { run: false, status: 'cancelled', error: UNANSWERED.cancelled };
    const answer = await this.asker.ask(question, signal);
    if ('outcome' in answer) return { run: false, status: 'cancelled', error: UNANSWERED[answer.outcome] };
    if (answer.decision === 'deny') {
      const reason = answer.reason?.trim();
      return reason ? { run: false, status: 'denied', reason, via: 'person' } : { run: false, status: 'denied', via: 'person' };
    }
    let args = question.arguments;
    let edited = false;
    if (answer.arguments !== undefined) {
      if (!isJsonObject(answer.arguments)) {
        return { run: false, status: 'error', error: 'The edited arguments were not a JSON object, so the tool did not run.' };
      }
      // Every asker's edits are checked here too (the terminal's), not only the dialog's.
      const checked = checkEditedArguments(question.tool.inputSchema as Record<string, unknown>, answer.arguments);
      if (!checked.ok) return { run: false, status: 'error', error: `The edited arguments did not match the tool's input schema (${checked.error}), so the tool did not run.` };
      edited = JSON.stringify(answer.arguments) !== JSON.stringify(question.arguments);
      args = answer.arguments;
    }
    this.pins.pin(question.server, question.tool);
    this.onPinned(question.server, question.tool.name);
    if (answer.decision !== 'allow-once') {
      this.grants.grant({
        server: question.server,
        tool: question.tool.name,
        scope: answer.decision === 'allow-always' ? 'always' : 'conversation',
        conversationId: question.conversationId,
        definitionHash,
      });
      this.onGrantsChanged(this.grants.list());
    }
    const scope = answer.decision === 'allow-once' ? 'once' : answer.decision === 'allow-always' ? 'always' : 'conversation';
    return { run: true, arguments: args, via: 'person', edited, scope };
  }
}

/** How an approved call was allowed, in the tool-call record's terms. */
export function activityApprovalOf(outcome: Extract<ApprovalOutcome, { run: true }>): { approval: 'asked' | 'grant' | 'mode'; scope?: 'once' | 'conversation' | 'always' } {
  if (outcome.via === 'policy') return { approval: 'mode' };
  if (outcome.via === 'grant') return { approval: 'grant' };
  return outcome.scope ? { approval: 'asked', scope: outcome.scope } : { approval: 'asked' };
}
