import type { CallToolResult } from '@modelcontextprotocol/client';
import type { ChatMessage, ToolCallBlock, ToolSearchBlock, TurnState } from '../../../shared/chat/chat-types.ts';
import { HostError } from '../../../shared/api/host-error.ts';
import { redactUrlsIn } from '../../../shared/servers/redact-url.ts';
import { writeOutHidden } from '../../../shared/text/hidden-characters.ts';
import { limitResultParts } from './bridge/result-limits.ts';
import { toResultParts } from './bridge/result-parts.ts';
import { activityApprovalOf } from './approval/tool-approver.ts';
import type { ToolApprover } from './approval/tool-approver.ts';
import type { HiddenTextNotes } from './hidden-text-notes.ts';
import type { MessageWriter } from './message-writer.ts';
import { addUsage, emptyUsage } from './providers/provider.ts';
import type { ChatProvider, PartialToolUse, ToolUse } from './providers/provider.ts';
import { ToolInputStream } from './tool-input-stream.ts';
import type { ToolInputEvent } from './tool-input-stream.ts';
import { namesApp } from '../../../shared/apps/tool-visibility.ts';
import { isAbortError, ProviderError, toProviderError } from './providers/provider-error.ts';
import { systemPromptFor } from './tool-offer.ts';
import type { ChatToolHost, ToolOffer } from './tool-offer.ts';
import { wantedTools } from './tool-search/loaded-tools.ts';
import type { OfferCache } from './tool-search/offer-cache.ts';
import { LOCAL_SEARCH_TOOL, localSearchResult, queryOf } from './tool-search/search-tools.ts';
import type { RequestTools, SearchableOffer } from './tool-search/searchable-offer.ts';
import { isSkillTool, runSkillTool } from './skills/skill-tools.ts';
import type { ChatSkillHost, SkillTools } from './skills/skill-tools.ts';
import type { ToolBudget } from './tool-search/tool-budget.ts';

export interface TurnOptions {
  conversationId: string;
  disabledTools: readonly string[];
  provider: ChatProvider;
  model: string;
  systemPrompt: string;
  maxSteps: number;
  toolResultCharLimit: number;
  /** The conversation before the answer. */
  history: readonly ChatMessage[];
  /** The answer, already saved as `streaming`. */
  writer: MessageWriter;
  tools: ChatToolHost;
  /** Offers built once per change of the catalogs or settings. */
  offers: OfferCache;
  /** Above it, tool search is on. */
  budget: ToolBudget;
  /** `server/tool` of the tools the person pinned: loaded whenever tool search is on. */
  pinnedTools: readonly string[];
  approver: ToolApprover;
  /** Notes in a server's log what of its text was written out for the model. */
  hiddenText: HiddenTextNotes;
  /** Skills the servers serve, offered through `load_skill` and `read_skill_file`. */
  skills?: ChatSkillHost;
  signal: AbortSignal;
  onState(state: TurnState): void;
  /** The arguments of a call of a tool with an app, as the model streams them (`chat.toolInput`). */
  onToolInput?(event: ToolInputEvent): void;
  now?: () => number;
}

/** Tool call statuses that have not settled: on Stop (or after a crash) they become `cancelled`. */
const UNSETTLED = new Set(['awaiting-approval', 'running']);

/**
 * One turn: stream the model's answer; when it asks for tools, get each call approved, run the approved ones
 * together, give the results back in the order asked, and go on until the model ends its turn, the step limit
 * is reached, the person stops it, or the provider fails. Always leaves the message settled and replayable.
 */
export async function runTurn(options: TurnOptions): Promise<void> {
  const { writer, signal } = options;
  const answer = writer.message;
  const now = options.now ?? Date.now;
  let usage = emptyUsage();
  const heldNoticed = new Set<string>();
  let noted: SearchableOffer | undefined;
  try {
    for (let step = 1; ; step++) {
      options.onState('streaming');
      const searchable = options.offers.get(
        options.tools,
        options.disabledTools,
        (server, tool) => options.approver.isHeld(server, tool),
        options.budget,
        options.skills?.offered() ?? [],
      );
      const offer = searchable.offer;
      if (searchable !== noted) {
        options.hiddenText.offer(offer.index, offer.servers);
        noted = searchable;
      }
      for (const held of offer.held) {
        const key = JSON.stringify([held.server, held.tool]);
        if (heldNoticed.has(key)) continue;
        heldNoticed.add(key);
        writer.addBlock({
          type: 'notice',
          level: 'warning',
          text: `Held back “${writeOutHidden(held.tool)}” of ${held.server}: the server changed this tool since you allowed it, so the model was not shown it. Review the change to use it again.`,
          heldTool: held,
        });
      }
      const history = [...options.history, answer];
      const tools = searchable.forRequest(options.provider.id, wantedTools(options.pinnedTools, history, offer.index, options.provider.id));
      if (answer.toolOffer?.loaded !== tools.summary.loaded || answer.toolOffer.searchable !== tools.summary.searchable) {
        answer.toolOffer = { ...tools.summary };
        writer.changed();
      }
      const onToolInput = options.onToolInput;
      const inputs =
        onToolInput &&
        new ToolInputStream({
          resolve: (name) => {
            const ref = offer.index.resolve(name);
            const definition = ref && tools.offers(name) ? offer.definition(ref.server, ref.tool) : undefined;
            return ref && definition && namesApp(definition) ? ref : undefined;
          },
          emit: onToolInput,
          now,
        });
      const result = await options.provider.streamTurn(
        {
          model: options.model,
          system: systemPromptFor(options.systemPrompt, offer.servers),
          history,
          tools,
          toolResultCharLimit: options.toolResultCharLimit,
          signal,
        },
        {
          text: (delta) => writer.appendText(delta),
          toolUse: () => {},
          ...(inputs ? { toolInputDelta: (partial: PartialToolUse) => inputs.delta(partial) } : {}),
          toolSearch: (search) => writer.addBlock({ ...search, step }),
        },
      );
      usage = addUsage(usage, result.usage);
      answer.usage = usage;
      if (result.stopReason === 'max_tokens') {
        writer.addBlock({ type: 'notice', level: 'warning', text: 'The answer reached the model\'s output limit and was cut off.' });
      } else if (result.stopReason === 'refusal') {
        writer.addBlock({ type: 'notice', level: 'warning', text: 'The model declined to continue.' });
      }
      if (result.stopReason !== 'tool_use' || result.toolUses.length === 0) break;

      const calls: ToolCallBlock[] = [];
      const skillCalls: ToolCallBlock[] = [];
      for (const use of result.toolUses) {
        if (use.name === LOCAL_SEARCH_TOOL && tools.searching) {
          writer.message.blocks.push(localSearch(use, searchable, step));
          continue;
        }
        if (isSkillTool(use.name) && searchable.skills) {
          const call = skillCallBlock(use, step);
          calls.push(call);
          skillCalls.push(call);
          writer.message.blocks.push(call);
          continue;
        }
        const call = toolCallBlock(use, offer, tools, step);
        calls.push(call);
        writer.message.blocks.push(call);
      }
      if (step >= options.maxSteps) {
        for (const call of calls) {
          call.status = 'cancelled';
          call.error = `Not run: this turn reached its limit of ${options.maxSteps} model steps.`;
        }
        writer.addBlock({
          type: 'notice',
          level: 'warning',
          text: `Stopped after ${options.maxSteps} steps, the most one turn may take (Settings → steps per turn). Send a message to let it go on.`,
        });
        break;
      }
      writer.changed();
      if (searchable.skills) await runSkillCalls(skillCalls, searchable.skills, options, now);
      await settleCalls(calls, offer, options, now);
      if (signal.aborted) break;
    }
    answer.status = signal.aborted ? 'stopped' : 'complete';
  } catch (error) {
    if (signal.aborted || isAbortError(error)) {
      answer.status = 'stopped';
    } else {
      const failure = error instanceof ProviderError ? error : toProviderError(error, options.provider.id);
      answer.status = 'error';
      answer.error = failure.info;
    }
  } finally {
    for (const block of answer.blocks) {
      if (block.type === 'tool_call' && UNSETTLED.has(block.status)) {
        block.status = 'cancelled';
        block.error ??= 'Stopped before the call finished.';
      }
    }
    if (usage.inputTokens + usage.outputTokens > 0) answer.usage = usage;
    writer.changed();
    options.onState('idle');
  }
}

/** The local search tool, run at once: what it finds is loaded, so callable, from the next step. */
function localSearch(use: ToolUse, searchable: SearchableOffer, step: number): ToolSearchBlock {
  const query = queryOf(use.input).trim();
  const block: ToolSearchBlock = { type: 'tool_search', id: use.id, via: 'host', toolName: use.name, input: use.input, query, found: [], step };
  if (use.inputError || query === '') {
    block.error = use.inputError ?? 'the search needs a query';
    block.resultText = `The search did not run: ${block.error}. Call ${LOCAL_SEARCH_TOOL} with {"query": "what the tool should do"}.`;
    return block;
  }
  block.found = searchable.search(query);
  block.resultText = localSearchResult(block.found, (name) => searchable.entryFor(name));
  return block;
}

function skillCallBlock(use: ToolUse, step: number): ToolCallBlock {
  return { type: 'tool_call', id: use.id, server: '', tool: use.name, modelName: use.name, arguments: use.input, status: 'running', step };
}

/**
 * Skills are loaded and read without a question: they only read what a server the person enabled serves, and
 * the person switches a server's skills off like its tools. Each call shows in the conversation as a tool call.
 */
async function runSkillCalls(calls: ToolCallBlock[], skills: SkillTools, options: TurnOptions, now: () => number): Promise<void> {
  for (const call of calls) {
    if (options.signal.aborted) return;
    const started = now();
    call.startedAt = started;
    if (call.status === 'running' && options.skills) {
      const outcome = await runSkillTool(options.skills, skills, call.tool, call.arguments);
      if (outcome.skill) {
        call.server = outcome.skill.server;
        const path = typeof call.arguments.path === 'string' ? call.arguments.path : undefined;
        call.skill = { uri: outcome.skill.uri, name: outcome.skill.name, ...(path !== undefined ? { path } : {}) };
      }
      call.result = outcome.result;
      call.status = outcome.isError ? 'error' : 'done';
    }
    call.durationMs = now() - started;
    options.writer.changed();
  }
}

function toolCallBlock(use: ToolUse, offer: ToolOffer, tools: RequestTools, step: number): ToolCallBlock {
  const ref = offer.index.resolve(use.name);
  const definition = ref && offer.definition(ref.server, ref.tool);
  const block: ToolCallBlock = {
    type: 'tool_call',
    id: use.id,
    server: ref?.server ?? '',
    tool: ref?.tool ?? use.name,
    modelName: use.name,
    arguments: use.input,
    status: 'awaiting-approval',
    step,
  };
  if (definition?.annotations) block.annotations = definition.annotations;
  if (!ref || !definition) {
    block.status = 'error';
    block.error = `There is no tool named "${use.name}": no connected server offers it, or it is switched off.`;
  } else if (!tools.offers(use.name)) {
    block.status = 'error';
    block.error = `The tool "${use.name}" is not loaded: call ${LOCAL_SEARCH_TOOL} to find it first; it can be called from the step after.`;
  } else if (use.inputError) {
    block.status = 'error';
    block.error = `The tool was not called: ${use.inputError}.`;
  }
  return block;
}

/** Approvals are asked together; approved calls run concurrently; each block settles in place, keeping order. */
async function settleCalls(calls: ToolCallBlock[], offer: ToolOffer, options: TurnOptions, now: () => number): Promise<void> {
  const { writer, signal } = options;
  const waiting = calls.filter((call) => call.status === 'awaiting-approval');
  if (waiting.length === 0) return;
  options.onState('awaiting-approval');
  let running = 0;
  await Promise.all(
    waiting.map(async (call) => {
      const outcome = await options.approver.approve(
        {
          conversationId: options.conversationId,
          server: call.server,
          tool: offer.definition(call.server, call.tool)!,
          modelName: call.modelName,
          arguments: call.arguments,
          toolCallId: call.id,
        },
        signal,
      );
      if (!outcome.run) {
        call.status = outcome.status;
        // Refused (by the person, a mode, or a held definition): it never reaches the server, so it is recorded here.
        if (outcome.status !== 'cancelled') {
          options.tools.calls?.recordDenied(call.server, call.tool, call.arguments, { source: 'model', conversationId: options.conversationId }, outcome.status === 'denied' ? outcome.reason : outcome.error);
        }
        if (outcome.status === 'denied') {
          if (outcome.reason) call.denialReason = outcome.reason;
          // The server never hears of a denied call; its log says so, apart from the calls that failed or timed out.
          options.tools.note(call.server, 'info', `tool call "${call.tool}" was denied${outcome.reason ? `: ${outcome.reason}` : ''}`);
        } else {
          call.error = outcome.error;
        }
        writer.changed();
        return;
      }
      if (signal.aborted) return;
      if (outcome.edited) call.modelArguments = call.arguments;
      call.arguments = outcome.arguments;
      call.status = 'running';
      call.startedAt = now();
      if (running++ === 0) options.onState('running-tools');
      writer.changed();
      await runCall(call, options, now, activityApprovalOf(outcome));
      writer.changed();
    }),
  );
}

async function runCall(call: ToolCallBlock, options: TurnOptions, now: () => number, approval: ReturnType<typeof activityApprovalOf>): Promise<void> {
  const started = now();
  try {
    const outcome = await options.tools.callTool(call.server, call.tool, call.arguments, {
      signal: options.signal,
      context: { conversationId: options.conversationId, toolCallId: call.id },
      activity: { source: 'model', ...approval },
    });
    call.result = outcome.result;
    call.durationMs = outcome.durationMs;
    options.hiddenText.result(call.server, call.tool, outcome.result);
    call.status = outcome.result.isError === true ? 'error' : 'done';
    const truncated = truncationFor(outcome.result, options.toolResultCharLimit);
    if (truncated) call.truncatedForModel = truncated;
  } catch (error) {
    call.durationMs = now() - started;
    // Cancelled by Stop, or on its own (a task stopped from its card, or cancelled by the server).
    if (options.signal.aborted || (error instanceof HostError && error.code === 'cancelled')) {
      call.status = 'cancelled';
      call.error = options.signal.aborted ? 'Stopped before the call finished.' : redactUrlsIn((error as Error).message);
    } else {
      call.status = error instanceof HostError && error.code === 'timeout' ? 'timed-out' : 'error';
      // Shown in the chat and saved: an address in it loses its query and user:password, as in every message.
      call.error = redactUrlsIn(error instanceof Error ? error.message : String(error));
    }
  }
}

function truncationFor(result: CallToolResult, maxChars: number): ToolCallBlock['truncatedForModel'] {
  const { report } = limitResultParts(toResultParts(result), { maxChars });
  return report.truncated ? { originalChars: report.originalChars, sentChars: report.sentChars } : undefined;
}
