import { assert, test } from '../../../test-support/node-test.mjs';
import type { ImportCandidate } from '../../../../../shared/api/servers-api.ts';
import { addChosen, initialSelection, summarize } from './import-plan.ts';

const candidates: ImportCandidate[] = [
  { name: 'fs', config: { command: 'npx', args: ['-y', 'fs'] }, exists: false },
  { name: 'web', config: { url: 'https://example.com/mcp' }, exists: true },
  { name: 'bad', error: 'mcpServers.bad: needs "command" or "url"', exists: false },
  { name: 'dup', config: { command: 'x' }, exists: false },
];

test('new valid entries start ticked; existing and invalid ones do not', () => {
  assert.deepEqual([...initialSelection(candidates)], ['fs', 'dup']);
  assert.equal(summarize(candidates[0]), 'npx -y fs');
  assert.equal(summarize(candidates[1]), 'https://example.com/mcp');
  assert.equal(summarize(candidates[2]), '');
});

test('adds each chosen entry, records each outcome, and never sends an invalid one', async () => {
  const sent: string[] = [];
  const outcomes = await addChosen(
    candidates,
    new Set(['fs', 'bad', 'dup']),
    async (name, config) => {
      sent.push(name);
      if (name === 'dup') throw new Error('a server named dup already exists');
      return config;
    },
    (error) => (error as Error).message,
  );
  assert.deepEqual(sent, ['fs', 'dup']);
  assert.deepEqual(Object.fromEntries(outcomes), { fs: { ok: true }, dup: { ok: false, error: 'a server named dup already exists' } });
});
