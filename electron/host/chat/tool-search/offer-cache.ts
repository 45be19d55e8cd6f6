import type { ServerState } from '../../../../shared/servers/server-state.ts';
import type { SkillSummary } from '../../../../shared/skills/skill-types.ts';
import { skillTools } from '../skills/skill-tools.ts';
import { offerTools } from '../tool-offer.ts';
import type { ChatToolHost, HeldCheck } from '../tool-offer.ts';
import { SearchableOffer } from './searchable-offer.ts';
import type { ToolBudget } from './tool-budget.ts';

/** What of a server's state shapes the offer; the list is cheap to read, unlike every catalog. */
function fingerprint(servers: readonly ServerState[]): string {
  return JSON.stringify(servers.map((server) => [server.name, server.status, server.toolsEnabled, server.instructions ?? '']));
}

/**
 * Offers built once per change of the catalogs, pins or settings, not at every model step: copying every
 * server's catalog and converting every tool was most of the host's work per step with many tools. The key
 * holds the catalog generation (moved by the servers' and grants' events), the server list's shape, the
 * conversation's switches and the budget; a few keys are kept, one per conversation in use.
 */
export class OfferCache {
  private readonly generation: () => number;
  private readonly offers = new Map<string, SearchableOffer>();

  constructor(generation: () => number) {
    this.generation = generation;
  }

  get(host: ChatToolHost, disabledTools: readonly string[], isHeld: HeldCheck, budget: ToolBudget, skills: readonly SkillSummary[] = []): SearchableOffer {
    const key = JSON.stringify([
      this.generation(),
      fingerprint(host.list()),
      [...disabledTools].sort(),
      budget.maxTools,
      budget.maxTokens,
      skills.map((skill) => [skill.server, skill.uri, skill.name, skill.description]),
    ]);
    let offer = this.offers.get(key);
    if (!offer) {
      offer = new SearchableOffer(offerTools(host, disabledTools, isHeld), budget, skillTools(skills));
      if (this.offers.size >= 8) this.offers.delete(this.offers.keys().next().value!);
      this.offers.set(key, offer);
    }
    return offer;
  }
}
