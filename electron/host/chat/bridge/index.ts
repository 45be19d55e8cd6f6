/**
 * The bridge between MCP and the model providers, pure functions only:
 * - `buildToolIndex` turns the tools of every server into Anthropic and OpenAI tool definitions with
 *   namespaced, provider-valid names (`server__tool`), and routes a model-side name back;
 * - `toAnthropicToolResult` / `toOpenAIToolMessages` turn an MCP `CallToolResult` into what the model
 *   reads, within `ResultLimits`, and report what was withheld.
 */
export { buildToolIndex, UnknownToolError, DEFAULT_MAX_DESCRIPTION_CHARS } from './tool-index.ts';
export type { IndexedTool, ServerTools, ToolIndex, ToolIndexOptions } from './tool-index.ts';
export { MODEL_TOOL_NAME_PATTERN, MAX_MODEL_TOOL_NAME_LENGTH, NAMESPACE_SEPARATOR } from './tool-names.ts';
export type { ToolRef } from './tool-names.ts';
export { normalizeInputSchema } from './input-schema.ts';
export type { NormalizedInputSchema } from './input-schema.ts';
export { toOpenAISchema } from './schema-openai.ts';
export { toAnthropicToolResult } from './result-anthropic.ts';
export type { AnthropicToolResultContent } from './result-anthropic.ts';
export { toOpenAIToolMessages } from './result-openai.ts';
export type { OpenAIResultOptions, OpenAIToolMessages } from './result-openai.ts';
export { DEFAULT_RESULT_LIMITS } from './result-limits.ts';
export type { ResultLimits, ResultReport } from './result-limits.ts';
