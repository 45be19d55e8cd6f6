import { z } from 'zod';
import type { CreateMessageRequestParams, CreateMessageResult, CreateMessageResultWithTools, ToolAnnotations } from '@modelcontextprotocol/client';
import type { PinnedDefinition } from '../chat/tool-definition.ts';
import type { DefinitionDiffSection } from './definition-diff.ts';
import type { ElicitationResult, Field } from './elicitation-form.ts';
import type { LaunchConfig, LaunchReview } from './launch-review.ts';
import type { UrlAnalysis } from './url-safety.ts';

/**
 * Every moment where a person must decide is one consent request (DESIGN.md § Consent). The host asks with
 * an input; the broker turns it into the payload the renderer shows; the person's answer is checked against
 * the schema of its kind before anything acts on it.
 */
export const consentKinds = ['tool-approval', 'elicitation-form', 'elicitation-url', 'sampling', 'server-trust', 'open-url', 'tool-change'] as const;
export type ConsentKind = (typeof consentKinds)[number];

/** Where in the chat the request comes from, so the UI can show it next to the turn or tool call. */
export interface ConsentContext {
  conversationId?: string;
  turnId?: string;
  toolCallId?: string;
}

// ---- What the host asks with ----

export interface ToolApprovalInput {
  /** The tool's own name on its server, not the namespaced name the model saw. */
  tool: string;
  title?: string;
  description?: string;
  arguments: Record<string, unknown>;
  /** As the server declared them. Hints only: untrusted unless the server is (server/tools § Tool annotations). */
  annotations?: ToolAnnotations;
  /** The tool's input schema, so the arguments can be edited as a form. */
  inputSchema?: Record<string, unknown>;
  /** Asked by an MCP App (the app of this tool) rather than by the model. */
  fromApp?: string;
}

export interface ElicitationFormInput {
  message: string;
  requestedSchema: Record<string, unknown>;
}

export interface ElicitationUrlInput {
  message: string;
  url: string;
  /** Set by 2025-11-25 servers, to match a later `notifications/elicitation/complete`. */
  elicitationId?: string;
  /**
   * `consent` (default): may this URL be opened? `waiting`: it was opened for a 2025-era tool call that
   * cannot go on until the person finishes there (the -32042 URL-required error); accept means "done, retry
   * the call", cancel gives up. A waiting request also closes by itself (outcome `cancelled`, reason saying
   * so) when the server reports the step complete, and the call is retried.
   */
  stage?: 'consent' | 'waiting';
}

/** Sampling is reviewed twice (client/sampling § User Interaction Model): the prompt before it goes, the reply before it returns. */
export type SamplingInput =
  | { stage: 'request'; request: CreateMessageRequestParams; model?: SamplingModelChoice }
  | { stage: 'response'; request: CreateMessageRequestParams; response: CreateMessageResult | CreateMessageResultWithTools };

/** The model that will answer a sampling request, picked from the server's preferences and the configured providers. */
export interface SamplingModelChoice {
  provider: 'anthropic' | 'openai';
  model: string;
  /** Why this one, in words: "matches the server's hint \"sonnet\"", "the default model". */
  reason: string;
}

export interface ServerTrustInput {
  /** The launch as configured, env and header values included; only the review and fingerprint reach the payload. */
  config: LaunchConfig;
  /** The fingerprint trusted last time, when there was one. */
  previousFingerprint?: string;
}

export interface OpenUrlInput {
  url: string;
  /** Where the link came from, in words: "a link in a tool result". */
  source?: string;
}

/** A tool the person approved whose definition changed since (a "rug pull" until shown otherwise). */
export interface ToolChangeInput {
  tool: string;
  /** As approved; absent for a grant given before Switchboard kept approved definitions. */
  previous?: PinnedDefinition;
  /** As the server lists it now: what approving pins. */
  current: PinnedDefinition;
  /** When the previous definition was approved (epoch ms). */
  approvedAt?: number;
}

export interface ConsentInputs {
  'tool-approval': ToolApprovalInput;
  'elicitation-form': ElicitationFormInput;
  'elicitation-url': ElicitationUrlInput;
  sampling: SamplingInput;
  'server-trust': ServerTrustInput;
  'open-url': OpenUrlInput;
  'tool-change': ToolChangeInput;
}

// ---- What the renderer shows ----

export interface ElicitationFormPayload extends ElicitationFormInput {
  fields: Field[];
  /** The kinds of secret the form seems to ask for, which servers MUST NOT do in form mode; empty when none. */
  sensitive: string[];
}

export interface ElicitationUrlPayload extends ElicitationUrlInput {
  analysis: UrlAnalysis;
}

export interface ServerTrustPayload {
  review: LaunchReview;
  fingerprint: string;
  /** Trusted before with a different launch: "this server changed", not "a new server". */
  changed: boolean;
}

export interface OpenUrlPayload extends OpenUrlInput {
  analysis: UrlAnalysis;
}

export interface ToolChangePayload extends ToolChangeInput {
  /** Part by part, before and after, changed words marked. */
  sections: DefinitionDiffSection[];
}

export interface ConsentPayloads {
  'tool-approval': ToolApprovalInput;
  'elicitation-form': ElicitationFormPayload;
  'elicitation-url': ElicitationUrlPayload;
  sampling: SamplingInput;
  'server-trust': ServerTrustPayload;
  'open-url': OpenUrlPayload;
  'tool-change': ToolChangePayload;
}

// ---- What the person answers ----

const note = z.string().max(2_000);
const elicitationContent = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]));
const textBlock = z.object({ type: z.literal('text'), text: z.string().max(1_000_000) }).strict();

/** Changes the person made in review. A prompt's messages can only be edited when they are all text. */
const samplingEdits = z
  .object({
    systemPrompt: z.string().max(200_000).optional(),
    messages: z
      .array(z.object({ role: z.enum(['user', 'assistant']), content: textBlock }).strict())
      .min(1)
      .max(1_000)
      .optional(),
    maxTokens: z.number().int().positive().max(1_000_000).optional(),
    /** Only when reviewing a response: the reply text as corrected. */
    responseText: z.string().max(1_000_000).optional(),
  })
  .strict();

/** The three actions of client/elicitation § Response Actions; URL mode accepts without content. */
const elicitationFormAnswer = z.discriminatedUnion('action', [
  z.object({ action: z.literal('accept'), content: elicitationContent }).strict(),
  z.object({ action: z.literal('decline') }).strict(),
  z.object({ action: z.literal('cancel') }).strict(),
]) satisfies z.ZodType<ElicitationResult>;

export const consentAnswerSchemas = {
  'tool-approval': z.discriminatedUnion('decision', [
    /** `conversation` and `always` become a stored grant; `once` covers this call only. */
    z
      .object({
        decision: z.literal('allow'),
        scope: z.enum(['once', 'conversation', 'always']).default('once'),
        /** The arguments as the person edited them; absent when they ran as the model gave them. */
        arguments: z.record(z.string(), z.unknown()).optional(),
      })
      .strict(),
    /** The message, if any, is what the model is told instead of a result. */
    z.object({ decision: z.literal('deny'), message: note.optional() }).strict(),
  ]),
  'elicitation-form': elicitationFormAnswer,
  'elicitation-url': z.discriminatedUnion('action', [
    z.object({ action: z.literal('accept') }).strict(),
    z.object({ action: z.literal('decline') }).strict(),
    z.object({ action: z.literal('cancel') }).strict(),
  ]),
  sampling: z.discriminatedUnion('action', [
    z.object({ action: z.literal('approve'), edits: samplingEdits.optional() }).strict(),
    z.object({ action: z.literal('decline'), message: note.optional() }).strict(),
  ]),
  'server-trust': z.discriminatedUnion('decision', [
    /** `remember: false` trusts this start only. */
    z.object({ decision: z.literal('trust'), remember: z.boolean().default(true) }).strict(),
    z.object({ decision: z.literal('deny') }).strict(),
  ]),
  'open-url': z.discriminatedUnion('decision', [z.object({ decision: z.literal('open') }).strict(), z.object({ decision: z.literal('cancel') }).strict()]),
  /** `approve` pins the new definition (and moves the tool's grants to it); `keep-held` leaves it out; `switch-off` turns the tool's switch off. */
  'tool-change': z.discriminatedUnion('decision', [
    z.object({ decision: z.literal('approve') }).strict(),
    z.object({ decision: z.literal('keep-held') }).strict(),
    z.object({ decision: z.literal('switch-off') }).strict(),
  ]),
} as const satisfies Record<ConsentKind, z.ZodType>;

/** Answers as the host receives them (defaults applied). */
export type ConsentAnswers = { [K in ConsentKind]: z.output<(typeof consentAnswerSchemas)[K]> };
/** Answers as the renderer may send them (defaults may be left out). */
export type ConsentAnswerInputs = { [K in ConsentKind]: z.input<(typeof consentAnswerSchemas)[K]> };

// ---- Requests, results, events ----

export interface ConsentRequestOf<K extends ConsentKind> {
  id: string;
  kind: K;
  /** The server that asked; absent when Switchboard itself asks (opening a link from the chat). */
  server?: string;
  payload: ConsentPayloads[K];
  /** Epoch ms. */
  createdAt: number;
  /** Epoch ms after which the request closes with `timeout`. */
  deadline?: number;
  context?: ConsentContext;
  /** Set when several inputs were asked at once (one MRTR round): show them together, answer each. */
  group?: { id: string; index: number; size: number };
}

export type ConsentRequest = { [K in ConsentKind]: ConsentRequestOf<K> }[ConsentKind];

/** Why a request closed without an answer. */
export type ConsentCloseOutcome = 'cancelled' | 'timeout' | 'server-gone';

export type ConsentClosed = { outcome: ConsentCloseOutcome; reason: string };

export type ConsentResult<K extends ConsentKind> = { outcome: 'answered'; answer: ConsentAnswers[K] } | ConsentClosed;

/** The answer itself is not sent: other windows need to know the request is gone, not what was said. */
export interface ConsentClosedEvent {
  id: string;
  kind: ConsentKind;
  server?: string;
  groupId?: string;
  outcome: 'answered' | ConsentCloseOutcome;
  reason?: string;
}
