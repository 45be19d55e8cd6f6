import type { ProtocolEra, ServerState, ServerStatus } from '../../../shared/servers/server-state.ts';
import { oneLine } from './terminal-text.ts';

/** One row of `switchboard servers --json`: a stable shape for scripts. */
export interface ServerSummary {
  name: string;
  status: ServerStatus;
  era: ProtocolEra | null;
  protocolVersion: string | null;
  tools: number;
  resources: number;
  prompts: number;
  error: string | null;
}

const failingStatuses: ReadonlySet<ServerStatus> = new Set(['error', 'crashed', 'stopped']);

export function summarize(state: ServerState): ServerSummary {
  return {
    name: state.name,
    status: state.status,
    era: state.era ?? null,
    protocolVersion: state.protocolVersion ?? null,
    tools: state.counts.tools,
    resources: state.counts.resources,
    prompts: state.counts.prompts,
    error: failingStatuses.has(state.status) || state.status === 'connecting' ? (state.reason ?? null) : null,
  };
}

/** Disabled servers are switched off on purpose, so they do not count as failures. */
export function allEnabledConnected(summaries: readonly ServerSummary[]): boolean {
  return summaries.every((summary) => summary.status === 'connected' || summary.status === 'disabled');
}

const columns = ['SERVER', 'STATUS', 'ERA', 'PROTOCOL', 'TOOLS', 'RESOURCES', 'PROMPTS'] as const;
const numericFrom = columns.indexOf('TOOLS');

function cells(summary: ServerSummary): string[] {
  return [
    oneLine(summary.name),
    summary.status,
    summary.era ?? '-',
    oneLine(summary.protocolVersion ?? '-'),
    String(summary.tools),
    String(summary.resources),
    String(summary.prompts),
  ];
}

/** An aligned table, numbers right-aligned, the reason for a failure last so it can run long. */
export function formatServerTable(summaries: readonly ServerSummary[]): string {
  const rows = [columns.slice() as string[], ...summaries.map(cells)];
  const widths = columns.map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  const anyError = summaries.some((summary) => summary.error);
  const lines = rows.map((row, index) => {
    const aligned = row.map((cell, column) => (column >= numericFrom ? cell.padStart(widths[column]) : cell.padEnd(widths[column])));
    const error = index === 0 ? (anyError ? 'ERROR' : null) : summaries[index - 1].error;
    return (error ? [...aligned, oneLine(error)] : aligned).join('  ').trimEnd();
  });
  return `${lines.join('\n')}\n`;
}
