import { z } from 'zod';
import type { ChatMessage, Conversation, ConversationSummary, SearchHit, TurnState } from '../chat/chat-types.ts';
import type { AppSettings, ModelInfo, ToolGrant } from '../chat/settings-types.ts';
import type { HeldTool } from '../chat/tool-definition.ts';
import { sendContextSchema } from './context-api.ts';

const id = z.string().min(1).max(200);
const provider = z.enum(['anthropic', 'openai']);

export const chatMethods = {
  'chat.list': z.object({}).strict(),
  'chat.search': z.object({ query: z.string().min(1).max(500) }).strict(),
  /**
   * A conversation; with `limit`, only its newest messages (the renderer opens at the end and pages back with
   * `chat.olderMessages`); with `from`, the messages from that one (a search hit) on.
   */
  'chat.get': z.object({ id, limit: z.number().int().min(1).max(1_000).optional(), from: id.optional() }).strict(),
  'chat.olderMessages': z.object({ id, before: id, limit: z.number().int().min(1).max(1_000) }).strict(),
  /** `replaceEmpty`: conversations still empty and unnamed are deleted first (the app's "New chat"). */
  'chat.create': z.object({ title: z.string().max(200).optional(), replaceEmpty: z.boolean().optional() }).strict(),
  'chat.rename': z.object({ id, title: z.string().trim().min(1).max(200) }).strict(),
  'chat.delete': z.object({ id }).strict(),
  'chat.export': z.object({ id, format: z.enum(['markdown', 'json']) }).strict(),
  /**
   * Saves the person's message first, then starts the turn; progress arrives as events. With `context` (prompt
   * messages, resources to attach) the text may be empty.
   */
  'chat.send': z
    .object({
      conversationId: id,
      text: z.string().max(200_000),
      provider: provider.optional(),
      model: z.string().min(1).max(200).optional(),
      context: sendContextSchema.optional(),
    })
    .strict()
    .refine((params) => params.text.trim() !== '' || (params.context?.prompts?.length ?? 0) + (params.context?.attachments?.length ?? 0) > 0, {
      message: 'a message needs text, a prompt or an attachment',
      path: ['text'],
    }),
  /** Aborts the stream and cancels tool calls in flight. */
  'chat.stop': z.object({ conversationId: id }).strict(),
  'chat.setToolEnabled': z
    .object({ conversationId: id, server: z.string().min(1), tool: z.string().min(1).optional(), enabled: z.boolean() })
    .strict(),
  'settings.get': z.object({}).strict(),
  'settings.update': z
    .object({
      systemPrompt: z.string().max(100_000).optional(),
      defaultProvider: provider.optional(),
      defaultModel: z.string().min(1).max(200).optional(),
      maxStepsPerTurn: z.number().int().min(1).max(500).optional(),
      toolResultCharLimit: z.number().int().min(1_000).max(2_000_000).optional(),
      contextCharLimit: z.number().int().min(1_000).max(2_000_000).optional(),
      toolSearchMaxTools: z.number().int().min(1).max(127).optional(),
      toolSearchMaxTokens: z.number().int().min(1_000).max(1_000_000).optional(),
      pinnedTools: z.array(z.string().min(3).max(1_000)).max(500).optional(),
      anthropicBaseURL: z.url().or(z.literal('')).optional(),
      openaiBaseURL: z.url().or(z.literal('')).optional(),
    })
    .strict(),
  /** Write-only: the key is stored as a secret and never comes back. An empty string removes it. */
  'settings.setApiKey': z.object({ provider, apiKey: z.string().max(1_000) }).strict(),
  'settings.listModels': z.object({ provider }).strict(),
  'grants.list': z.object({}).strict(),
  'grants.revoke': z.object({ id }).strict(),
  /** Tools held back from the model because they changed since the person approved them. */
  'grants.heldTools': z.object({}).strict(),
  /** Opens the `tool-change` review of a changed tool (or finds the one already open). */
  'grants.review': z.object({ server: z.string().min(1).max(200), tool: z.string().min(1).max(500) }).strict(),
} as const;

export interface ChatResults {
  'chat.list': ConversationSummary[];
  'chat.search': SearchHit[];
  'chat.get': Conversation;
  'chat.olderMessages': { messages: ChatMessage[]; hasOlder: boolean };
  'chat.create': ConversationSummary;
  'chat.rename': ConversationSummary;
  'chat.delete': { deleted: string };
  'chat.export': { filename: string; mimeType: string; content: string };
  'chat.send': { userMessageId: string };
  'chat.stop': { stopped: boolean };
  'chat.setToolEnabled': Conversation;
  'settings.get': AppSettings;
  'settings.update': AppSettings;
  'settings.setApiKey': AppSettings;
  'settings.listModels': ModelInfo[];
  'grants.list': ToolGrant[];
  'grants.revoke': { revoked: string };
  'grants.heldTools': HeldTool[];
  'grants.review': { requestId: string };
}

export interface ChatEvents {
  'chat.conversations': ConversationSummary[];
  /** A whole message, sent when its shape changes (a block added, a tool call's status, the end). */
  'chat.message': { conversationId: string; message: ChatMessage };
  /** Streamed text appended to a message's text block; cheap enough to send per chunk. */
  'chat.delta': { conversationId: string; messageId: string; blockIndex: number; text: string };
  'chat.turn': { conversationId: string; state: TurnState };
  /**
   * The arguments of a tool call the model is still writing, read leniently from its partial JSON; sent only for
   * tools with an MCP App, at most 10 a second per call. The call itself arrives as a block once complete.
   */
  'chat.toolInput': { conversationId: string; messageId: string; toolCallId: string; server: string; tool: string; arguments: Record<string, unknown> };
  'settings.changed': AppSettings;
  'grants.changed': ToolGrant[];
  'grants.heldTools': HeldTool[];
}

export const chatEventNames = [
  'chat.conversations',
  'chat.message',
  'chat.delta',
  'chat.turn',
  'chat.toolInput',
  'settings.changed',
  'grants.changed',
  'grants.heldTools',
] as const satisfies readonly (keyof ChatEvents)[];
