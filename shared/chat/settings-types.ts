import type { ProviderId } from './chat-types.ts';

/** Settings as the renderer sees them: secrets appear only as "is one stored". */
export interface AppSettings {
  systemPrompt: string;
  defaultProvider: ProviderId;
  defaultModel: string;
  /** Model round trips per turn before the loop stops with a notice. */
  maxStepsPerTurn: number;
  /** Characters of one tool result sent to the model; the UI keeps the whole result. */
  toolResultCharLimit: number;
  /** Characters of one attached resource or prompt message sent to the model; more is cut with a notice. */
  contextCharLimit: number;
  /**
   * Tool search: above this many enabled tools, or this many estimated tokens of tool definitions, the model
   * gets only the loaded tools (pinned, and used in the conversation) and searches the rest.
   */
  toolSearchMaxTools: number;
  toolSearchMaxTokens: number;
  /** Tools always loaded when tool search is on, as `server/tool`. */
  pinnedTools: string[];
  providers: {
    anthropic: { baseURL?: string; hasApiKey: boolean; apiKeyFromEnv: boolean };
    openai: { baseURL?: string; hasApiKey: boolean; apiKeyFromEnv: boolean; label?: string };
  };
  /** Where keys entered in Settings are kept: encrypted by the OS keychain, or an owner-only file (and why). */
  secretStorage: { encrypted: boolean; note?: string };
}

export interface ModelInfo {
  id: string;
  displayName: string;
  provider: ProviderId;
}

export interface ToolGrant {
  id: string;
  server: string;
  tool: string;
  scope: 'always' | 'conversation';
  conversationId?: string;
  /** Hash of the tool's definition when granted: a changed tool is not covered. */
  definitionHash: string;
  createdAt: number;
  /** The server lists the tool now with another definition: the grant does not apply until the change is reviewed. */
  changed?: boolean;
}
