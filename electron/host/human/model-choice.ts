import type { ModelPreferences } from '@modelcontextprotocol/client';
import type { ProviderId } from '../../../shared/chat/chat-types.ts';
import type { SamplingModelChoice } from '../../../shared/consent/consent-types.ts';

export interface ModelCandidate {
  provider: ProviderId;
  model: string;
  displayName?: string;
}

type Tier = 'fast' | 'balanced' | 'smart';

/** Rough tiers by the names providers give their model lines; unknown names sit in the middle. */
function tierOf(model: string): Tier {
  const name = model.toLowerCase();
  if (/haiku|mini|nano|flash|lite|small/.test(name)) return 'fast';
  if (/opus|ultra|large|-pro\b/.test(name)) return 'smart';
  return 'balanced';
}

/** Each tier's strengths add up to 1, so equal priorities favour none and the default model stays. */
const TIER_SCORES: Record<Tier, { intelligence: number; speed: number; cost: number }> = {
  fast: { intelligence: 0, speed: 0.5, cost: 0.5 },
  balanced: { intelligence: 1 / 3, speed: 1 / 3, cost: 1 / 3 },
  smart: { intelligence: 1, speed: 0, cost: 0 },
};

/**
 * Picks the model for a sampling request (client/sampling § Model Preferences): the first hint that is a
 * substring of an available model's name wins, the person's default provider first; without a match the
 * priorities choose between tiers of the default provider's models; otherwise the default model. Hints and
 * priorities are advice: the client makes the final choice.
 */
export function chooseModel(
  preferences: ModelPreferences | undefined,
  candidates: readonly ModelCandidate[],
  fallback: { provider: ProviderId; model: string },
): SamplingModelChoice {
  const ordered = [...candidates].sort((a, b) => Number(b.provider === fallback.provider) - Number(a.provider === fallback.provider));
  for (const hint of preferences?.hints ?? []) {
    const wanted = hint.name?.trim().toLowerCase();
    if (!wanted) continue;
    const match = ordered.find((candidate) => candidate.model.toLowerCase().includes(wanted) || candidate.displayName?.toLowerCase().includes(wanted));
    if (match) return { provider: match.provider, model: match.model, reason: `matches the server's hint "${hint.name}"` };
  }
  const weights = {
    intelligence: preferences?.intelligencePriority ?? 0,
    speed: preferences?.speedPriority ?? 0,
    cost: preferences?.costPriority ?? 0,
  };
  const own = ordered.filter((candidate) => candidate.provider === fallback.provider);
  if (weights.intelligence + weights.speed + weights.cost > 0 && new Set(own.map((candidate) => tierOf(candidate.model))).size > 1) {
    const score = (candidate: ModelCandidate) => {
      const tier = TIER_SCORES[tierOf(candidate.model)];
      return weights.intelligence * tier.intelligence + weights.speed * tier.speed + weights.cost * tier.cost;
    };
    const best = own.reduce((winner, candidate) => {
      const difference = score(candidate) - score(winner);
      const tie = Math.abs(difference) < 1e-9;
      return (!tie && difference > 0) || (tie && candidate.model === fallback.model) ? candidate : winner;
    });
    const stated = (['intelligence', 'speed', 'cost'] as const).filter((key) => weights[key] > 0).map((key) => `${key} ${weights[key]}`);
    return { provider: best.provider, model: best.model, reason: `fits the server's priorities (${stated.join(', ')})` };
  }
  return { ...fallback, reason: 'your default model' };
}
