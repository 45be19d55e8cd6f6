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
  providers: {
    anthropic: { baseURL?: string; hasApiKey: boolean; apiKeyFromEnv: boolean };
    openai: { baseURL?: string; hasApiKey: boolean; apiKeyFromEnv: boolean; label?: string };
  };
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
