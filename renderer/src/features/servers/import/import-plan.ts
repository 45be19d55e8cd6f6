import type { ImportCandidate } from '../../../../../shared/api/servers-api.ts';
import { isStdioConfig } from '../../../../../shared/servers/server-config.ts';

export type AddOutcome = { ok: true } | { ok: false; error: string };

/** Valid, new entries are ticked to start with; one that exists is there to see but must be chosen on purpose. */
export function initialSelection(candidates: readonly ImportCandidate[]): Set<string> {
  return new Set(candidates.filter((candidate) => candidate.config && !candidate.error && !candidate.exists).map((candidate) => candidate.name));
}

export function canAdd(candidate: ImportCandidate): boolean {
  return candidate.config !== undefined && candidate.error === undefined;
}

export function summarize(candidate: ImportCandidate): string {
  const config = candidate.config;
  if (!config) return '';
  if (isStdioConfig(config)) return [config.command, ...(config.args ?? [])].join(' ');
  return String(config.url);
}

/** Adds the chosen entries one by one, so one refusal does not stop the rest; returns what happened to each. */
export async function addChosen(
  candidates: readonly ImportCandidate[],
  chosen: ReadonlySet<string>,
  add: (name: string, config: Record<string, unknown>) => Promise<unknown>,
  describe: (error: unknown) => string,
): Promise<Map<string, AddOutcome>> {
  const outcomes = new Map<string, AddOutcome>();
  for (const candidate of candidates) {
    if (!chosen.has(candidate.name) || !canAdd(candidate) || !candidate.config) continue;
    try {
      await add(candidate.name, candidate.config as Record<string, unknown>);
      outcomes.set(candidate.name, { ok: true });
    } catch (error) {
      outcomes.set(candidate.name, { ok: false, error: describe(error) });
    }
  }
  return outcomes;
}
