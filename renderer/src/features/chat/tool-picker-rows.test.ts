import { assert, test } from '../../test-support/node-test.mjs';
import type { ServerCatalog, ServerState, ToolEntry } from '../../../../shared/servers/server-state.ts';
import { toolPickerRows } from './tool-picker-rows.ts';

const server = (name: string, extra: Partial<ServerState> = {}) =>
  ({ name, status: 'connected', toolsEnabled: true, transport: 'stdio', counts: { tools: 0, resources: 0, resourceTemplates: 0, prompts: 0 }, ...extra }) as ServerState;
const tool = (name: string, enabled = true) => ({ name, enabled, inputSchema: { type: 'object' } }) as ToolEntry;
const catalog = (name: string, tools: ToolEntry[]): ServerCatalog => ({ server: name, tools, resources: [], resourceTemplates: [], prompts: [], updatedAt: 1 });

test('counts what the model is offered, with global and per-conversation switches apart', () => {
  const rows = toolPickerRows(
    [server('zeta'), server('alpha'), server('off', { toolsEnabled: false }), server('down', { status: 'crashed' })],
    {
      alpha: catalog('alpha', [tool('a'), tool('b'), tool('c', false)]),
      zeta: catalog('zeta', [tool('z')]),
      off: catalog('off', [tool('o')]),
      down: catalog('down', [tool('d')]),
    },
    ['alpha/b', 'zeta'],
  );
  assert.deepEqual(rows.map((row) => [row.name, row.offeredCount, row.tools?.length]), [
    ['alpha', 1, 3],
    ['down', 0, 1],
    ['off', 0, 1],
    ['zeta', 0, 1],
  ]);
  const alpha = rows[0].tools!;
  assert.deepEqual(alpha.map((entry) => [entry.name, entry.offered, entry.offHere, entry.offGlobally]), [
    ['a', true, false, false],
    ['b', false, true, false],
    ['c', false, false, true],
  ]);
  assert.equal(rows[2].offGlobally, true);
  assert.equal(rows[3].offHere, true);
  assert.equal(rows[3].tools![0].offHere, false, 'a server switched off here leaves its tools’ own switches alone');
});

test('a server whose catalog is not known yet has no tool rows', () => {
  const [row] = toolPickerRows([server('new')], {}, []);
  assert.equal(row.tools, undefined);
  assert.equal(row.offeredCount, 0);
});
