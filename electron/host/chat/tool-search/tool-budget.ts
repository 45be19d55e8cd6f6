/**
 * When the model gets every enabled tool, and when it gets a few loaded ones plus a way to search the rest.
 *
 * Defaults:
 * - 40 tools. Anthropic documents that a model's choice of tool degrades past 30–50 tools
 *   (https://platform.claude.com/docs/en/agents-and-tools/tool-use/tool-search-tool); 40 sits in that band and
 *   is well under OpenAI's hard limit of 128 tools in one request.
 * - 15,000 estimated tokens of definitions. A few servers with long descriptions reach it with far fewer than
 *   40 tools; 15,000 is about 7 % of a 200,000-token window, paid again on every request of every step.
 */
export interface ToolBudget {
  maxTools: number;
  maxTokens: number;
}

export const DEFAULT_TOOL_BUDGET: Readonly<ToolBudget> = { maxTools: 40, maxTokens: 15_000 };

/** OpenAI's Chat Completions refuse more ("Invalid 'tools': array too long"); the search tool is one of them. */
export const OPENAI_MAX_TOOLS = 128;

/** A model sees about 4 characters of JSON a token; a budget needs a stable estimate, not a tokenizer. */
export function estimateTokens(json: string): number {
  return Math.ceil(json.length / 4);
}

export function overBudget(count: number, tokens: number, budget: ToolBudget): boolean {
  return count > budget.maxTools || tokens > budget.maxTokens;
}
