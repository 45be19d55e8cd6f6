import { assert, test } from '../../test-support/node-test.mjs';
import type { ActivityEntry } from '../../../../shared/activity/activity-types.ts';
import { approvalLabel, emptyFilterForm, exportFilename, filterFromForm, formatBytes, formatDuration, formatRate, matchesFilter, placeEntry } from './activity-format.ts';

const entry = (id: string, startedAt: number, extra: Partial<ActivityEntry> = {}): ActivityEntry => ({
  id,
  startedAt,
  server: 'modern',
  tool: 'echo',
  source: 'model',
  approval: 'asked',
  scope: 'once',
  outcome: 'ok',
  ...extra,
});

test('the filter bar becomes the host filter: empty fields left out, a relative range measured back from now', () => {
  assert.deepEqual(filterFromForm(emptyFilterForm, 10_000_000), {});
  assert.deepEqual(filterFromForm({ ...emptyFilterForm, server: 'modern', tool: '  echo ', outcomes: ['denied', 'timeout'], sources: ['cli'], range: 'hour' }, 10_000_000), {
    server: 'modern',
    tool: 'echo',
    outcomes: ['denied', 'timeout'],
    sources: ['cli'],
    from: 10_000_000 - 3_600_000,
  });
  assert.deepEqual(filterFromForm({ ...emptyFilterForm, range: 'week' }, 1000), { from: 0 });
});

test('a custom range takes local times, and the "to" minute counts whole', () => {
  const filter = filterFromForm({ ...emptyFilterForm, range: 'custom', from: '2026-12-01T10:00', to: '2026-12-01T11:30' }, 0);
  assert.equal(filter.from, new Date('2026-12-01T10:00').getTime());
  assert.equal(filter.to, new Date('2026-12-01T11:30').getTime() + 59_999);
  assert.deepEqual(filterFromForm({ ...emptyFilterForm, range: 'custom', from: '', to: 'nonsense' }, 0), {});
});

test('a recorded entry is shown only when the filter lets it through', () => {
  const call = entry('a', 5000, { outcome: 'tool-error', source: 'run-tool' });
  assert.equal(matchesFilter(call, {}), true);
  assert.equal(matchesFilter(call, { server: 'legacy' }), false);
  assert.equal(matchesFilter(call, { tool: 'echo', outcomes: ['tool-error'], sources: ['run-tool'] }), true);
  assert.equal(matchesFilter(call, { outcomes: ['ok'] }), false);
  assert.equal(matchesFilter(call, { sources: ['model'] }), false);
  assert.equal(matchesFilter(call, { from: 5001 }), false);
  assert.equal(matchesFilter(call, { to: 4999 }), false);
});

test('a new entry goes in by its time; a completed one replaces itself in place', () => {
  const shown = [entry('c', 300), entry('b', 200), entry('a', 100)];
  assert.deepEqual(placeEntry(shown, entry('d', 400)).map((item) => item.id), ['d', 'c', 'b', 'a']);
  assert.deepEqual(placeEntry(shown, entry('x', 250)).map((item) => item.id), ['c', 'x', 'b', 'a']);
  assert.deepEqual(placeEntry(shown, entry('z', 50)).map((item) => item.id), ['c', 'b', 'a', 'z']);
  const completed = placeEntry(shown, entry('b', 200, { outcome: 'timeout', durationMs: 30_000 }));
  assert.deepEqual(completed.map((item) => item.id), ['c', 'b', 'a']);
  assert.equal(completed[1].outcome, 'timeout');
});

test('sizes, durations, rates and approvals read as a person says them', () => {
  assert.equal(formatDuration(undefined), '—');
  assert.equal(formatDuration(42.4), '42 ms');
  assert.equal(formatDuration(1234), '1.23 s');
  assert.equal(formatDuration(42_000), '42.0 s');
  assert.equal(formatDuration(125_000), '2 min 5 s');
  assert.equal(formatBytes(900), '900 B');
  assert.equal(formatBytes(2048), '2.0 KB');
  assert.equal(formatBytes(3 * 1024 * 1024), '3.0 MB');
  assert.equal(formatRate(0, 0), '0%');
  assert.equal(formatRate(1, 3), '33%');
  assert.equal(formatRate(1, 500), '<1%');
  assert.equal(approvalLabel({ approval: 'asked', scope: 'conversation' }), 'Allowed for the conversation');
  assert.equal(approvalLabel({ approval: 'denied' }), 'Denied');
  assert.equal(exportFilename(new Date(2026, 0, 5)), 'switchboard-activity-2026-01-05.jsonl');
});
