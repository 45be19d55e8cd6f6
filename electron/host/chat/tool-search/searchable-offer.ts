import type { Tool as AnthropicTool, ToolUnion } from '@anthropic-ai/sdk/resources/messages';
import type { ChatCompletionFunctionTool } from 'openai/resources/chat/completions';
import type { FoundTool, ProviderId, ToolOfferSummary } from '../../../../shared/chat/chat-types.ts';
import type { IndexedTool } from '../bridge/tool-index.ts';
import type { ToolRef } from '../bridge/tool-names.ts';
import type { ToolOffer } from '../tool-offer.ts';
import type { SkillTools } from '../skills/skill-tools.ts';
import { Bm25 } from './bm25.ts';
import { ANTHROPIC_SEARCH_TOOL, localSearchTool } from './search-tools.ts';
import { estimateTokens, OPENAI_MAX_TOOLS, overBudget } from './tool-budget.ts';
import type { ToolBudget } from './tool-budget.ts';

/** The tools of one request, as each provider takes them, and what the person is told of them. */
export interface RequestTools {
  /** Anthropic Messages API `tools`: with tool search, every offered tool (the unloaded ones deferred) and the search tool last. */
  readonly anthropicTools: readonly ToolUnion[];
  /** Chat Completions `tools`: with tool search, the loaded tools and `search_tools`, never more than 128. */
  readonly openaiTools: readonly ChatCompletionFunctionTool[];
  readonly summary: ToolOfferSummary;
  readonly searching: boolean;
  resolve(modelName: string): ToolRef | undefined;
  /** Whether the model may call this tool in this request (loaded, or a deferred one it found). */
  offers(modelName: string): boolean;
}

/** How many tools one search brings in. */
export const SEARCH_LIMIT = 5;

/**
 * An offer with its budget decision and search index. Built once per change of the catalog or settings (see
 * `OfferCache`); every array it hands out is built once per set of loaded tools and then reused, so two steps
 * with nothing changed send the same bytes.
 */
export class SearchableOffer {
  readonly offer: ToolOffer;
  /** `load_skill` and `read_skill_file` when skills are offered: always sent, and counted in the budget. */
  readonly skills: SkillTools | undefined;
  private readonly budget: ToolBudget;
  private everyTool?: { anthropic: ToolUnion[]; openai: ChatCompletionFunctionTool[] };
  private bm25?: Bm25;
  private readonly positions: Map<string, number>;
  private deferred?: AnthropicTool[];
  private readonly built = new Map<string, RequestTools>();
  private readonly overBudgetFor = new Map<ProviderId, boolean>();

  constructor(offer: ToolOffer, budget: ToolBudget, skills?: SkillTools) {
    this.offer = offer;
    this.budget = budget;
    this.skills = skills;
    this.positions = new Map(offer.index.entries.map((entry, i) => [entry.modelName, i]));
  }

  get entries(): readonly IndexedTool[] {
    return this.offer.index.entries;
  }

  entryFor(modelName: string): IndexedTool | undefined {
    const position = this.positions.get(modelName);
    return position === undefined ? undefined : this.entries[position];
  }

  /** Whether this provider's tools are over the budget, so tool search is on. */
  searching(provider: ProviderId): boolean {
    let decided = this.overBudgetFor.get(provider);
    if (decided === undefined) {
      const tools = provider === 'anthropic' ? this.offer.index.anthropicTools : this.offer.index.openaiTools;
      const skillTools = (provider === 'anthropic' ? this.skills?.anthropic : this.skills?.openai) ?? [];
      const count = tools.length + skillTools.length;
      const tokens = estimateTokens(JSON.stringify(tools)) + (skillTools.length > 0 ? estimateTokens(JSON.stringify(skillTools)) : 0);
      decided = tools.length > 0 && overBudget(count, tokens, this.budget);
      this.overBudgetFor.set(provider, decided);
    }
    return decided;
  }

  /** Most loaded tools a request may have: the budget's count, and under OpenAI's cap with the search tool. */
  get maxLoaded(): number {
    return Math.max(0, Math.min(this.budget.maxTools, OPENAI_MAX_TOOLS - 1));
  }

  /**
   * The tools for a request. `wanted` are model names to load, most wanted first (pinned, then the latest
   * used or found); names not offered are skipped, and only the first `maxLoaded` are kept.
   */
  forRequest(provider: ProviderId, wanted: readonly string[]): RequestTools {
    const searching = this.searching(provider);
    const loaded = searching ? this.pickLoaded(wanted) : [];
    const key = `${provider}\u0000${searching ? loaded.join('\u0000') : '*'}`;
    let tools = this.built.get(key);
    if (!tools) {
      tools = searching ? this.searchingTools(provider, loaded) : this.allTools();
      if (this.built.size > 64) this.built.clear();
      this.built.set(key, tools);
    }
    return tools;
  }

  /** Best matches among the offered tools for a query: names, titles, descriptions and parameter names. */
  search(query: string, limit = SEARCH_LIMIT): FoundTool[] {
    this.bm25 ??= new Bm25(this.entries.map(searchFields));
    return this.bm25.search(query, limit).map(({ index }) => {
      const entry = this.entries[index];
      return { server: entry.server, tool: entry.tool, modelName: entry.modelName };
    });
  }

  private pickLoaded(wanted: readonly string[]): string[] {
    const picked = new Set<string>();
    for (const name of wanted) {
      if (picked.size >= this.maxLoaded) break;
      if (this.positions.has(name)) picked.add(name);
    }
    // Index order, so the same set always gives the same bytes.
    return [...picked].sort((a, b) => this.positions.get(a)! - this.positions.get(b)!);
  }

  private allTools(): RequestTools {
    const index = this.offer.index;
    const count = index.entries.length;
    const skills = this.skills;
    this.everyTool ??= skills
      ? { anthropic: [...index.anthropicTools, ...skills.anthropic], openai: [...index.openaiTools, ...skills.openai] }
      : { anthropic: index.anthropicTools as ToolUnion[], openai: index.openaiTools as ChatCompletionFunctionTool[] };
    return {
      anthropicTools: this.everyTool.anthropic,
      openaiTools: this.everyTool.openai,
      summary: { loaded: count, searchable: 0 },
      searching: false,
      resolve: (name) => index.resolve(name),
      offers: (name) => this.positions.has(name),
    };
  }

  private searchingTools(provider: ProviderId, loaded: readonly string[]): RequestTools {
    const index = this.offer.index;
    const loadedSet = new Set(loaded);
    const summary = { loaded: loaded.length, searchable: index.entries.length - loaded.length };
    let anthropicTools: ToolUnion[] | undefined;
    let openaiTools: ChatCompletionFunctionTool[] | undefined;
    const deferredTools = () => (this.deferred ??= index.anthropicTools.map((tool) => ({ ...tool, defer_loading: true })));
    const positions = this.positions;
    const skills = this.skills;
    return {
      get anthropicTools() {
        if (!anthropicTools) {
          const deferred = deferredTools();
          anthropicTools = index.anthropicTools.map((tool, i) => (loadedSet.has(tool.name) ? tool : deferred[i]));
          if (skills) anthropicTools.push(...skills.anthropic);
          anthropicTools.push(ANTHROPIC_SEARCH_TOOL);
        }
        return anthropicTools;
      },
      get openaiTools() {
        if (!openaiTools) {
          openaiTools = loaded.map((name) => index.openaiTools[positions.get(name)!]);
          if (skills) openaiTools.push(...skills.openai);
          openaiTools.push(localSearchTool());
        }
        return openaiTools;
      },
      summary,
      searching: true,
      resolve: (name) => index.resolve(name),
      // Anthropic loads a deferred tool when its own search returns it; the API itself refuses one it did not.
      offers: (name) => (provider === 'anthropic' ? this.positions.has(name) : loadedSet.has(name)),
    };
  }
}

/** Server and tool names twice (a name match outweighs a mention in prose), then title, description, parameter names. */
function searchFields(entry: IndexedTool): string[] {
  const definition = entry.definition;
  const properties = definition.inputSchema?.properties;
  const parameters = properties && typeof properties === 'object' ? Object.keys(properties) : [];
  return [
    entry.server,
    entry.tool,
    entry.tool,
    definition.title ?? '',
    definition.annotations?.title ?? '',
    definition.description ?? '',
    parameters.join(' '),
  ];
}
