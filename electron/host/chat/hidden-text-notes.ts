import type { CallToolResult } from '@modelcontextprotocol/client';
import type { LogLevel, ServerState } from '../../../shared/servers/server-state.ts';
import { describeSummary, summarizeHidden, writeOutHidden } from '../../../shared/text/hidden-characters.ts';
import type { HiddenFinding } from './bridge/hidden-text.ts';
import { hiddenInResult } from './bridge/result-parts.ts';
import type { ToolIndex } from './bridge/tool-index.ts';

export type NoteWriter = (server: string, level: LogLevel, text: string) => void;

const WHERE: Readonly<Record<HiddenFinding['where'], string>> = {
  name: 'name',
  title: 'title',
  description: 'description',
  'input schema': 'input schema (titles and descriptions)',
};

function toolNote(tool: string, found: readonly HiddenFinding[]): string {
  const parts = found.map((finding) => `its ${WHERE[finding.where]} had ${describeSummary(finding.summary)}`);
  const renamed = found.some((finding) => finding.where === 'name') ? '; the model knows the tool by a name without them' : '';
  return `tool "${writeOutHidden(tool)}": ${parts.join(', ')}; they were written out before reaching the model${renamed}`;
}

/**
 * Says in a server's log that hidden characters in what it sent were written out before the model saw them:
 * once per catalog (a turn passes each new offer; findings already written for a server are not repeated)
 * and once per tool result.
 */
export class HiddenTextNotes {
  private readonly write: NoteWriter;
  /** server → the notes last written for its tools and instructions. */
  private readonly noted = new Map<string, string>();

  constructor(write: NoteWriter) {
    this.write = write;
  }

  offer(index: ToolIndex, servers: readonly ServerState[]): void {
    const notes = new Map<string, string[]>();
    const add = (server: string, text: string) => notes.set(server, [...(notes.get(server) ?? []), text]);
    for (const server of servers) {
      const summary = summarizeHidden(server.instructions ?? '');
      if (summary.count > 0) add(server.name, `the server's instructions had ${describeSummary(summary)}; they were written out before reaching the model`);
    }
    for (const entry of index.entries) {
      if (entry.hidden.length > 0) add(entry.server, toolNote(entry.tool, entry.hidden));
    }
    for (const server of new Set([...this.noted.keys(), ...notes.keys()])) {
      const lines = notes.get(server) ?? [];
      const key = lines.join('\n');
      if ((this.noted.get(server) ?? '') === key) continue;
      if (key === '') this.noted.delete(server);
      else this.noted.set(server, key);
      for (const line of lines) this.write(server, 'warning', line);
    }
  }

  result(server: string, tool: string, result: CallToolResult): void {
    const summary = hiddenInResult(result);
    if (summary.count === 0) return;
    this.write(server, 'warning', `the result of tool "${writeOutHidden(tool)}" had ${describeSummary(summary)}; they were written out before reaching the model`);
  }
}
