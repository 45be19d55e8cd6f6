import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import type { ActivityEntry } from '../../../shared/activity/activity-types.ts';
import { HostEventBus } from '../event-bus.ts';
import { chatMigrations } from '../store/conversations.ts';
import { openDatabase, SettingsStore } from '../store/database.ts';
import { ActivityService } from './activity-service.ts';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.UTC(2026, 11, 3, 12);

describe('the tool-call record: paging, stats, export and retention', () => {
  let dataDir: string;
  let db: DatabaseSync;
  let service: ActivityService;
  let clock = NOW;
  const events = new HostEventBus();

  before(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'sb-activity-store-'));
    db = openDatabase(dataDir, chatMigrations);
    service = new ActivityService({ db, settings: new SettingsStore(db), events, secrets: () => [], now: () => clock });
  });

  after(() => {
    service.close();
    db.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  function ran(server: string, tool: string, startedAt: number, durationMs: number, isError = false): void {
    service.recorder.ran({
      server,
      tool,
      arguments: { n: startedAt },
      call: { source: 'run-tool', approval: 'person' },
      startedAt,
      durationMs,
      result: { content: [{ type: 'text', text: isError ? 'broke' : 'fine' }], ...(isError ? { isError: true } : {}) },
    });
  }

  test('newest first, paged by the last id, with filters by server, tool, outcome and time', async () => {
    db.exec('DELETE FROM activity');
    // Two entries share a start time: the page boundary must neither skip nor repeat one of them.
    for (let i = 0; i < 25; i++) ran(i % 2 ? 'a' : 'b', i % 3 ? 'echo' : 'fail', NOW - 1000 * (i === 11 ? 10 : i), 5, i % 3 === 0);
    const seen: ActivityEntry[] = [];
    let before: string | undefined;
    for (;;) {
      const page = await service.handlers['activity.list']({ limit: 7, ...(before ? { before } : {}) });
      seen.push(...page.entries);
      if (!page.hasMore) break;
      before = page.entries.at(-1)!.id;
    }
    assert.equal(seen.length, 25);
    assert.equal(new Set(seen.map((entry) => entry.id)).size, 25);
    for (let i = 1; i < seen.length; i++) assert.ok(seen[i - 1].startedAt >= seen[i].startedAt, 'newest first');

    const onA = await service.handlers['activity.list']({ server: 'a', tool: 'echo' });
    assert.ok(onA.entries.length > 0);
    assert.ok(onA.entries.every((entry) => entry.server === 'a' && entry.tool === 'echo'));
    const errors = await service.handlers['activity.list']({ outcomes: ['tool-error'] });
    assert.equal(errors.entries.length, 9);
    assert.ok(errors.entries.every((entry) => entry.outcome === 'tool-error' && entry.error === 'broke'));
    const recent = await service.handlers['activity.list']({ from: NOW - 4000, to: NOW - 1000 });
    assert.deepEqual(recent.entries.map((entry) => entry.startedAt), [NOW - 1000, NOW - 2000, NOW - 3000, NOW - 4000]);
    assert.deepEqual(await service.handlers['activity.list']({ before: 'no-such-id' }), { entries: [], hasMore: false });
  });

  test('stats per server: calls, every outcome class, nearest-rank p50 and p95 of the calls that ran', async () => {
    db.exec('DELETE FROM activity');
    // Durations 1..20 ms on "a": p50 is the 10th (10 ms), p95 the 19th (19 ms). A denied call has no duration.
    for (let ms = 20; ms >= 1; ms--) ran('a', 'echo', NOW - ms, ms, ms % 5 === 0);
    service.recorder.denied('a', 'echo', {}, { source: 'model' }, 'no');
    ran('b', 'echo', NOW, 42);
    const stats = await service.handlers['activity.stats']({});
    assert.deepEqual(stats, [
      {
        server: 'a',
        calls: 21,
        outcomes: { ok: 16, 'tool-error': 4, 'protocol-error': 0, 'transport-error': 0, timeout: 0, cancelled: 0, denied: 1 },
        p50Ms: 10,
        p95Ms: 19,
      },
      {
        server: 'b',
        calls: 1,
        outcomes: { ok: 1, 'tool-error': 0, 'protocol-error': 0, 'transport-error': 0, timeout: 0, cancelled: 0, denied: 0 },
        p50Ms: 42,
        p95Ms: 42,
      },
    ]);
    const onlyErrors = await service.handlers['activity.stats']({ server: 'a', outcomes: ['tool-error'] });
    assert.equal(onlyErrors[0].calls, 4);
    assert.equal(onlyErrors[0].p50Ms, 10);
    assert.equal(onlyErrors[0].p95Ms, 20);
  });

  test('stats over a range of days count whole days from the daily totals and the partial days entry by entry, alike', async () => {
    db.exec('DELETE FROM activity');
    const start = Date.UTC(2026, 10, 20);
    // Every 7 hours over 6 days, on two servers, one in four a tool error; then one entry deleted (the daily total follows).
    for (let i = 0; i < 21; i++) ran(i % 2 ? 'a' : 'b', 'echo', start + i * 7 * 3_600_000, i, i % 4 === 0);
    db.exec(`DELETE FROM activity WHERE started_at = ${start + 14 * 3_600_000}`);
    const all = (await service.handlers['activity.list']({ limit: 500 })).entries;
    for (const [from, to] of [
      [undefined, undefined],
      [start + 5 * 3_600_000, start + 4 * DAY + 3_600_000],
      [start + DAY, start + 3 * DAY - 1],
      [start + 2 * 3_600_000, start + 9 * 3_600_000],
      [start + 2 * DAY + 1, undefined],
    ] as const) {
      const inRange = all.filter((entry) => (from === undefined || entry.startedAt >= from) && (to === undefined || entry.startedAt <= to));
      const stats = await service.handlers['activity.stats']({ ...(from === undefined ? {} : { from }), ...(to === undefined ? {} : { to }), outcomes: ['ok', 'tool-error'] });
      const expected = ['a', 'b']
        .map((server) => {
          const mine = inRange.filter((entry) => entry.server === server);
          return { server, calls: mine.length, errors: mine.filter((entry) => entry.outcome === 'tool-error').length };
        })
        .filter((row) => row.calls > 0);
      assert.deepEqual(
        stats.map((row) => ({ server: row.server, calls: row.calls, errors: row.outcomes['tool-error'] })),
        expected,
        `from ${from} to ${to}`,
      );
    }
  });

  test('export is JSON Lines, oldest first, each line the entry with its arguments', async () => {
    db.exec('DELETE FROM activity');
    ran('a', 'echo', NOW - 2000, 3);
    service.recorder.denied('b', 'write', { path: '/tmp/x' }, { source: 'model', conversationId: 'c1' }, 'not now');
    ran('a', 'fail', NOW - 1000, 4, true);
    const { jsonl, count } = await service.handlers['activity.export']({});
    assert.equal(count, 3);
    assert.ok(jsonl.endsWith('\n'));
    const lines = jsonl.trimEnd().split('\n').map((line) => JSON.parse(line) as ActivityEntry & { arguments: unknown });
    assert.deepEqual(lines.map((line) => line.tool), ['echo', 'fail', 'write']);
    assert.deepEqual(lines[0].arguments, { n: NOW - 2000 });
    assert.equal(lines[1].outcome, 'tool-error');
    assert.deepEqual(
      { ...lines[2], id: 'x' },
      { id: 'x', startedAt: NOW, conversationId: 'c1', server: 'b', tool: 'write', source: 'model', approval: 'denied', outcome: 'denied', error: 'not now', arguments: { path: '/tmp/x' } },
    );
    assert.equal((await service.handlers['activity.export']({ server: 'a' })).count, 2);
    assert.deepEqual(await service.handlers['activity.export']({ server: 'none' }), { jsonl: '', count: 0 });
  });

  test('retention: 30 days by default, a stored setting, and older entries deleted at start, on change and on each sweep', async () => {
    db.exec('DELETE FROM activity');
    assert.deepEqual(await service.handlers['activity.settings']({}), { retentionDays: 30 });
    ran('a', 'echo', NOW - 31 * DAY, 1);
    ran('a', 'echo', NOW - 8 * DAY, 1);
    ran('a', 'echo', NOW - 1 * DAY, 1);
    await service.start();
    assert.equal((await service.handlers['activity.list']({})).entries.length, 2);
    assert.deepEqual(await service.handlers['activity.updateSettings']({ retentionDays: 7 }), { retentionDays: 7 });
    const left = (await service.handlers['activity.list']({})).entries;
    assert.deepEqual(left.map((entry) => entry.startedAt), [NOW - DAY]);
    // A second service on the same database reads the stored setting.
    const again = new ActivityService({ db, settings: new SettingsStore(db), events, secrets: () => [], now: () => clock });
    assert.deepEqual(again.settings(), { retentionDays: 7 });
    clock = NOW + 7 * DAY;
    assert.equal(await again.sweep(), 1);
    clock = NOW;
  });

  test('an entry opened has its arguments and result; an unknown id is not found', async () => {
    db.exec('DELETE FROM activity');
    ran('a', 'echo', NOW, 2);
    const [entry] = (await service.handlers['activity.list']({})).entries;
    const detail = await service.handlers['activity.get']({ id: entry.id });
    assert.deepEqual(detail.arguments, { n: NOW });
    assert.deepEqual(JSON.parse(detail.result!), { content: [{ type: 'text', text: 'fine' }] });
    assert.equal(detail.resultTruncated, undefined);
    await assert.rejects(service.handlers['activity.get']({ id: 'nope' }), { code: 'not_found' });
  });

  test('a result over 256 KB is stored cut and marked; its size is the whole result', async () => {
    db.exec('DELETE FROM activity');
    service.recorder.ran({
      server: 'a',
      tool: 'big',
      arguments: {},
      call: { source: 'cli', approval: 'person' },
      startedAt: NOW,
      durationMs: 1,
      result: { content: [{ type: 'text', text: 'x'.repeat(400_000) }] },
    });
    const [entry] = (await service.handlers['activity.list']({})).entries;
    assert.ok(entry.resultBytes! > 400_000);
    const detail = await service.handlers['activity.get']({ id: entry.id });
    assert.equal(detail.result!.length, 256 * 1024);
    assert.equal(detail.resultTruncated, true);
  });
});
