import type { Tool } from '@modelcontextprotocol/client';
import type { Tool as AnthropicTool } from '@anthropic-ai/sdk/resources/messages';
import type { ChatCompletionFunctionTool } from 'openai/resources/chat/completions';
import { revealToolForModel } from './hidden-text.ts';
import type { HiddenFinding } from './hidden-text.ts';
import { canonicalJson } from './json-schema.ts';
import { normalizeInputSchema } from './input-schema.ts';
import type { NormalizedInputSchema } from './input-schema.ts';
import { toOpenAISchema } from './schema-openai.ts';
import { capDescription } from './text-cap.ts';
import { assignModelNames, compareRefs, refKey } from './tool-names.ts';
import type { ToolRef } from './tool-names.ts';

export interface ServerTools {
  server: string;
  tools: readonly Tool[];
}

export interface ToolIndexOptions {
  /**
   * Longest tool description sent, notes included (default 4096). OpenAI dropped its 1,024-character limit
   * in 2025, but some OpenAI-compatible endpoints still answer `string_above_max_length`: pass 1024 for them.
   */
  maxDescriptionChars?: number;
}

export const DEFAULT_MAX_DESCRIPTION_CHARS = 4096;

export interface IndexedTool extends ToolRef {
  modelName: string;
  /** As the model sees it: hidden characters written out (`hidden-text.ts`). */
  definition: Tool;
  /** What was written out, for the server's log. */
  hidden: readonly HiddenFinding[];
}

export class UnknownToolError extends Error {
  readonly modelName: string;
  constructor(modelName: string) {
    super(`The model asked for a tool named "${modelName}", which no connected server offers (or it is switched off).`);
    this.name = 'UnknownToolError';
    this.modelName = modelName;
  }
}

/**
 * The tools of every server as the model sees them, and the way back. Built fresh whenever the set of
 * tools changes; the same set always yields the same names, order and bytes, whatever order it came in,
 * so a provider's prompt cache keeps hitting from one turn to the next. The arrays are shared: copy an
 * element before adding anything to it (e.g. `cache_control`).
 */
export interface ToolIndex {
  /** Sorted by server, then tool (code-unit order). */
  readonly entries: readonly IndexedTool[];
  /** Anthropic Messages API `tools`, in `entries` order. */
  readonly anthropicTools: readonly AnthropicTool[];
  /** OpenAI Chat Completions `tools`, in `entries` order. */
  readonly openaiTools: readonly ChatCompletionFunctionTool[];
  /** Where a model-side name leads, or undefined. */
  resolve(modelName: string): ToolRef | undefined;
  /** Like `resolve`, but an unknown name throws `UnknownToolError` with a message fit for the model. */
  route(modelName: string): ToolRef;
  nameFor(server: string, tool: string): string | undefined;
}

function pickDefinition(a: Tool, b: Tool): Tool {
  // A server that lists one name twice: keep one by content, not by position, to stay order-independent.
  return canonicalJson(a) <= canonicalJson(b) ? a : b;
}

function composeDescription(tool: Tool, notes: readonly string[], maxChars: number): string | undefined {
  const candidates = [tool.description, tool.title, tool.annotations?.title];
  const base = (candidates.find((text) => typeof text === 'string' && text.trim() !== '') as string | undefined) ?? '';
  const suffix = notes.join(' ');
  if (suffix === '') return base === '' ? undefined : capDescription(base, maxChars);
  const room = maxChars - suffix.length - 1;
  if (base === '') return capDescription(suffix, maxChars);
  if (room >= 64) return `${capDescription(base, room)} ${suffix}`;
  return capDescription(`${base} ${suffix}`, maxChars);
}

export function buildToolIndex(servers: readonly ServerTools[], options: ToolIndexOptions = {}): ToolIndex {
  const maxDescriptionChars = options.maxDescriptionChars ?? DEFAULT_MAX_DESCRIPTION_CHARS;
  const byKey = new Map<string, { server: string; tool: string; definition: Tool }>();
  for (const { server, tools } of servers) {
    for (const definition of tools) {
      const tool = String(definition.name);
      const key = refKey({ server, tool });
      const seen = byKey.get(key);
      byKey.set(key, { server, tool, definition: seen ? pickDefinition(seen.definition, definition) : definition });
    }
  }
  const sorted = [...byKey.values()].sort(compareRefs);
  const names = assignModelNames(sorted);
  const entries: IndexedTool[] = sorted.map((entry) => {
    const { tool: definition, found } = revealToolForModel(entry.definition);
    return { ...entry, definition, hidden: found, modelName: names.get(refKey(entry))! };
  });
  const byModelName = new Map(entries.map((entry) => [entry.modelName, { server: entry.server, tool: entry.tool }]));

  let normalized: NormalizedInputSchema[] | undefined;
  const normalize = () => (normalized ??= entries.map((entry) => normalizeInputSchema(entry.definition.inputSchema)));
  let anthropicTools: AnthropicTool[] | undefined;
  let openaiTools: ChatCompletionFunctionTool[] | undefined;

  return {
    entries,
    get anthropicTools() {
      return (anthropicTools ??= normalize().map(({ schema, notes }, i) => {
        const description = composeDescription(entries[i].definition, notes, maxDescriptionChars);
        return { name: entries[i].modelName, ...(description === undefined ? {} : { description }), input_schema: schema };
      }));
    },
    get openaiTools() {
      return (openaiTools ??= normalize().map(({ schema, notes }, i) => {
        const description = composeDescription(entries[i].definition, notes, maxDescriptionChars);
        return {
          type: 'function' as const,
          function: {
            name: entries[i].modelName,
            ...(description === undefined ? {} : { description }),
            parameters: toOpenAISchema(schema) as Record<string, unknown>,
          },
        };
      }));
    },
    resolve(modelName) {
      const ref = byModelName.get(modelName);
      return ref ? { ...ref } : undefined;
    },
    route(modelName) {
      const ref = byModelName.get(modelName);
      if (!ref) throw new UnknownToolError(modelName);
      return { ...ref };
    },
    nameFor(server, tool) {
      return names.get(refKey({ server, tool }));
    },
  };
}
