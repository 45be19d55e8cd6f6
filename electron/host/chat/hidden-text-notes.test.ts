import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ServerState } from '../../../shared/servers/server-state.ts';
import { buildToolIndex } from './bridge/tool-index.ts';
import { HiddenTextNotes } from './hidden-text-notes.ts';

const server = { name: 'fx', instructions: 'Be kind.\u200B' } as ServerState;
const hiddenTool = { name: 'look', description: 'Looks.\u202E', inputSchema: { type: 'object' as const } };

test('notes a catalog once, again only when what was hidden changes, and every result', () => {
  const lines: string[] = [];
  const notes = new HiddenTextNotes((name, level, text) => lines.push(`${name} ${level} ${text}`));
  const index = buildToolIndex([{ server: 'fx', tools: [hiddenTool] }]);
  notes.offer(index, [server]);
  notes.offer(buildToolIndex([{ server: 'fx', tools: [hiddenTool] }]), [server]);
  assert.deepEqual(lines, [
    "fx warning the server's instructions had 1 hidden character (zero-width); they were written out before reaching the model",
    'fx warning tool "look": its description had 1 hidden character (direction control); they were written out before reaching the model',
  ]);
  notes.offer(buildToolIndex([]), [{ ...server, instructions: 'Be kind.' }]);
  notes.offer(index, [server]);
  assert.equal(lines.length, 4, 'noted again after it went away and came back');

  notes.result('fx', 'look', { content: [{ type: 'text', text: 'x\u{E0041}' }] });
  notes.result('fx', 'look', { content: [{ type: 'text', text: 'plain' }] });
  assert.equal(lines.length, 5);
  assert.match(lines[4], /the result of tool "look" had 1 hidden character \(TAG\)/);
});
