import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { HostError } from '../../../shared/api/host-error.ts';
import type { ServerSkills } from '../../../shared/skills/skill-types.ts';
import { createHarness } from '../servers/test-support/manager-harness.ts';
import type { Harness } from '../servers/test-support/manager-harness.ts';
import { SettingsStore, openDatabase } from '../store/database.ts';
import { SkillsService } from './skills-service.ts';

const fixture = fileURLToPath(new URL('../../../tests/fixtures/servers/skills-server.ts', import.meta.url));

interface Started {
  harness: Harness;
  skills: SkillsService;
  changes: ServerSkills[][];
  clock: { now: number };
  /** The fixture's own lines about skills requests and reads, in order, once there are `count` (stderr lags). */
  requests(count: number): Promise<string[]>;
}

async function started(t: Parameters<typeof createHarness>[0], args: string[]): Promise<Started> {
  const harness = createHarness(t, { mcpServers: { docs: { command: process.execPath, args: [fixture, ...args] } } });
  const db = openDatabase(harness.dataDir);
  t.after(() => db.close());
  const clock = { now: 1_000_000 };
  const skills = new SkillsService({ events: harness.events, servers: harness.manager, settings: new SettingsStore(db), now: () => clock.now });
  t.after(() => skills.close());
  const changes: ServerSkills[][] = [];
  harness.events.on('skills.changed', (views) => changes.push(views));
  await harness.manager.start();
  const [state] = await harness.manager.settled(30_000);
  assert.equal(state?.status, 'connected', state?.reason);
  await skills.settled();
  const lines = () =>
    harness.manager
      .logs('docs')
      .filter((entry) => entry.source === 'stderr' && entry.text.startsWith('skills: '))
      .map((entry) => entry.text.slice('skills: '.length));
  const requests = async (count: number) => {
    for (let waited = 0; lines().length < count && waited < 5_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    // A moment more, so a line that should not be there has had its chance to arrive.
    await new Promise((resolve) => setTimeout(resolve, 100));
    return lines();
  };
  return { harness, skills, changes, clock, requests };
}

for (const era of ['modern', 'legacy'] as const) {
  describe(`skills over a ${era === 'modern' ? '2026-07-28' : '2025'}-era connection`, { timeout: 90_000 }, () => {
    test('lists once connected, reads nothing ahead of need, loads and reads files verified', async (t) => {
      const { skills, changes, requests } = await started(t, ['--era', era]);
      const [view] = skills.views();
      assert.equal(view?.server, 'docs');
      assert.deepEqual(
        view.skills.map((skill) => [skill.name, skill.uri, skill.files]),
        [
          ['release-notes', 'skill://release-notes/SKILL.md', 2],
          ['code-review', 'skill://code-review/SKILL.md', 2],
        ],
      );
      assert.equal(view.skills[0].description, 'Write release notes in the house style');
      assert.ok(changes.at(-1)?.[0]?.skills.length === 2, 'the listing was announced');
      assert.deepEqual(await requests(1), ['list'], 'listing reads no file (Lazy Retrieval)');

      const loaded = await skills.load('docs', 'skill://release-notes/SKILL.md');
      assert.match(loaded.text, /^---\nname: release-notes\n/);
      assert.match(loaded.text, /# Release notes/);
      assert.deepEqual(loaded.files, ['templates/entry.md']);
      assert.equal(loaded.verified, true);
      assert.deepEqual(await skills.listDirectory('docs', 'skill://release-notes/SKILL.md', ''), ['SKILL.md', 'templates/']);
      const file = await skills.readFile('docs', 'skill://release-notes/SKILL.md', 'templates/entry.md');
      assert.equal(file.text, '## {version}\n\n- What changed, in one line.\n');
      await assert.rejects(skills.readFile('docs', 'skill://release-notes/SKILL.md', 'templates/other.md'), /failed verification \(unlisted\)/);
      await assert.rejects(skills.readFile('docs', 'skill://code-review/SKILL.md', 'references/checklist.md'), /not loaded; load it first/);
      assert.deepEqual(await requests(3), ['list', 'read skill://release-notes/SKILL.md', 'read skill://release-notes/templates/entry.md']);
    });

    for (const tamper of ['digest', 'size', 'frontmatter'] as const) {
      test(`refuses a SKILL.md that fails the ${tamper} check and reads none of its files`, async (t) => {
        const { skills, requests, harness } = await started(t, ['--era', era, '--tamper', tamper]);
        await assert.rejects(skills.load('docs', 'skill://release-notes/SKILL.md'), (error: unknown) => {
          assert.ok(error instanceof HostError);
          assert.match(error.message, new RegExp(`failed verification \\(${tamper}\\).*not used`));
          return true;
        });
        assert.ok(!(await requests(2)).some((line) => line.includes('templates/')), 'no supporting file was read');
        assert.ok(harness.manager.logs('docs').some((entry) => entry.source === 'host' && /failed verification/.test(entry.text)));
        // The other skill is untouched.
        assert.match((await skills.load('docs', 'skill://code-review/SKILL.md')).text, /# Code review/);
      });
    }
  });
}

test('a 2026-07-28 listing is fetched again once its ttlMs has passed, not before', { timeout: 60_000 }, async (t) => {
  const { skills, clock, requests } = await started(t, ['--ttl-ms', '5000']);
  assert.ok(skills.views()[0].expiresAt !== undefined);
  clock.now += 4_000;
  skills.offered();
  await skills.settled();
  assert.deepEqual(await requests(1), ['list']);
  clock.now += 2_000;
  skills.offered();
  await skills.settled();
  assert.deepEqual(await requests(2), ['list', 'list']);
});

test('a 2025-era listing has no expiry; the person can switch a server\'s skills off', { timeout: 60_000 }, async (t) => {
  const { skills, changes } = await started(t, ['--era', 'legacy']);
  assert.equal(skills.views()[0].expiresAt, undefined);
  assert.equal(skills.offered().length, 2);
  skills.setEnabled('docs', false);
  assert.equal(changes.at(-1)?.[0]?.enabled, false);
  assert.deepEqual(skills.offered(), []);
  await assert.rejects(skills.load('docs', 'skill://release-notes/SKILL.md'), /switched off/);
  skills.setEnabled('docs', true);
  assert.equal(skills.offered().length, 2);
});
