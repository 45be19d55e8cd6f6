import type { ToolSearchToolBm25_20251119 } from '@anthropic-ai/sdk/resources/messages';
import type { ChatCompletionFunctionTool } from 'openai/resources/chat/completions';
import type { FoundTool } from '../../../../shared/chat/chat-types.ts';
import type { IndexedTool } from '../bridge/tool-index.ts';

/**
 * The Messages API's own tool search, BM25 variant: the model searches in plain words and the API loads the
 * deferred tools it finds (https://platform.claude.com/docs/en/agents-and-tools/tool-use/tool-search-tool).
 * It must not be deferred itself.
 */
export const ANTHROPIC_SEARCH_TOOL: ToolSearchToolBm25_20251119 = { type: 'tool_search_tool_bm25_20251119', name: 'tool_search_tool_bm25' };

/**
 * Switchboard's search tool for every other provider. Every MCP tool's model name holds `__` (server__tool),
 * so this name never clashes with one.
 */
export const LOCAL_SEARCH_TOOL = 'search_tools';

let localTool: ChatCompletionFunctionTool | undefined;

/** One object for every request: its bytes never change, so the request prefix stays cacheable. */
export function localSearchTool(): ChatCompletionFunctionTool {
  return (localTool ??= {
    type: 'function',
    function: {
      name: LOCAL_SEARCH_TOOL,
      description:
        'Searches the tools of the connected MCP servers that are not loaded yet, by name, title, description and ' +
        'parameter names. The tools it finds can be called from your next step. Search in plain words for what you ' +
        'need to do (e.g. "create github issue"); if nothing fits, try other words before giving up.',
      parameters: {
        type: 'object',
        properties: { query: { type: 'string', description: 'What the tool should do, in a few words.' } },
        required: ['query'],
        additionalProperties: false,
      },
    },
  });
}

/** The query of a search call: the `query` the model sent, as text. */
export function queryOf(input: Record<string, unknown>): string {
  const query = input.query ?? input.pattern;
  return typeof query === 'string' ? query : '';
}

/** What the model reads back from a local search: each found tool with its description, or that none fits. */
export function localSearchResult(found: readonly FoundTool[], describe: (modelName: string) => IndexedTool | undefined): string {
  if (found.length === 0) return 'No tool matches. Try other words; tools switched off by the person cannot be found.';
  const lines = found.map((tool) => {
    const entry = describe(tool.modelName);
    const description = entry?.definition.description ?? entry?.definition.title ?? '';
    const short = description.length > 300 ? `${description.slice(0, 299)}…` : description;
    return `- ${tool.modelName}${short ? `: ${short.replace(/\s+/g, ' ')}` : ''}`;
  });
  return `Found ${found.length} tool${found.length === 1 ? '' : 's'}; you can call ${found.length === 1 ? 'it' : 'them'} from your next step:\n${lines.join('\n')}`;
}
