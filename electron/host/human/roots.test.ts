import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { HumanSettings, RootEntry } from '../../../shared/consent/human-settings.ts';
import { fixtureStdio } from '../../../tests/fixtures/servers/launch.ts';
import { echoed, startHumanHost } from './test-support/human-host.ts';
import type { HumanHost } from './test-support/human-host.ts';

// Roots (client/roots): folders the person chose per server, answered to roots/list in both eras (a request on
// 2025 connections, an MRTR input on 2026 ones), with roots/list_changed sent to 2025-era servers on change.
describe('roots', () => {
  let h: HumanHost;
  let folders: string;
  const picked: (string | undefined)[] = [];

  before(async () => {
    folders = mkdtempSync(path.join(os.tmpdir(), 'sb-roots-'));
    for (const name of ['project', 'notes', 'gone']) mkdirSync(path.join(folders, name));
    writeFileSync(path.join(folders, 'file.txt'), 'not a folder');
    h = await startHumanHost(
      { old: fixtureStdio('legacy'), new: fixtureStdio('modern') },
      { pickFolder: async (title) => (picked.push(title), path.join(folders, 'project')) },
    );
    for (const name of ['old', 'new']) assert.equal((await h.serverState(name, (state) => state.status !== 'connecting')).status, 'connected');
  });

  after(async () => {
    await h?.close();
    rmSync(folders, { recursive: true, force: true });
  });

  test('only absolute paths to existing folders are accepted, each with a reason', async () => {
    await assert.rejects(h.host.call('roots.set', { server: 'old', roots: [{ path: 'relative/dir' }] }), { code: 'invalid_params', message: /absolute/ });
    await assert.rejects(h.host.call('roots.set', { server: 'old', roots: [{ path: path.join(folders, 'missing') }] }), { code: 'invalid_params', message: /no folder/ });
    await assert.rejects(h.host.call('roots.set', { server: 'old', roots: [{ path: path.join(folders, 'file.txt') }] }), { code: 'invalid_params', message: /not a folder/ });
    await assert.rejects(h.host.call('roots.set', { server: 'nobody', roots: [] }), { code: 'not_found' });
    assert.deepEqual(await h.host.call('roots.get', { server: 'old' }), []);
  });

  test('each era\'s server gets the chosen folders as file:// roots with names', async () => {
    const changes: HumanSettings[] = [];
    const stop = h.host.on('human.changed', (settings) => changes.push(settings));
    const project = path.join(folders, 'project');
    const set = (await h.host.call('roots.set', {
      server: 'new',
      roots: [{ path: project }, { path: path.join(folders, 'notes'), name: 'My notes' }],
    })) as RootEntry[];
    stop();
    assert.deepEqual(set, [
      { uri: pathToFileURL(project).href, name: 'project', path: project },
      { uri: pathToFileURL(path.join(folders, 'notes')).href, name: 'My notes', path: path.join(folders, 'notes') },
    ]);
    assert.deepEqual(changes.at(-1)?.servers.new?.roots, set);
    assert.deepEqual(echoed((await h.host.servers.callTool('new', 'list_roots', {})).result), {
      kind: 'roots',
      roots: set.map(({ uri, name }) => ({ uri, name })),
    });
    // Roots are per server.
    assert.deepEqual(echoed((await h.host.servers.callTool('old', 'list_roots', {})).result), { kind: 'roots', roots: [] });
  });

  test('a 2025-era server hears roots/list_changed and, asking again, gets the new list', async () => {
    const heard = new Promise<void>((resolve) => {
      const stop = h.host.on('servers.log', (entry) => {
        if (entry.server === 'old' && entry.text.includes('roots list changed')) {
          stop();
          resolve();
        }
      });
    });
    const gone = path.join(folders, 'gone');
    await h.host.call('roots.set', { server: 'old', roots: [{ path: gone }] });
    await heard;
    assert.deepEqual((echoed((await h.host.servers.callTool('old', 'list_roots', {})).result).roots as unknown[]).length, 1);
    // A folder deleted after it was chosen is left out rather than sent pointing nowhere.
    rmSync(gone, { recursive: true });
    assert.deepEqual(echoed((await h.host.servers.callTool('old', 'list_roots', {})).result), { kind: 'roots', roots: [] });
  });

  test('the folder picker is the injected one (Electron); the host says it has one', async () => {
    assert.deepEqual(await h.host.call('roots.pickFolder', { title: 'Roots for old' }), { path: path.join(folders, 'project') });
    assert.deepEqual(picked, ['Roots for old']);
    assert.equal(((await h.host.call('human.get', {})) as HumanSettings).platform.pickFolder, true);
  });
});
