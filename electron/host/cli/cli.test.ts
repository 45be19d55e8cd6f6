import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { fixtureScript, fixtureStdio } from '../../../tests/fixtures/servers/launch.ts';
import { fixturePng } from '../../../tests/fixtures/servers/fixture-surface.ts';
import { Host } from '../host.ts';

const bin = fileURLToPath(new URL('../../../bin/switchboard.mjs', import.meta.url));
const everythingScript = fileURLToPath(new URL('../../../node_modules/@modelcontextprotocol/server-everything/dist/index.js', import.meta.url));
const RUN_TIMEOUT_MS = 60_000;
// The sources as they are now, not a bundle an earlier build left in out/.
const sourcesEnv: NodeJS.ProcessEnv = { ...process.env, SWITCHBOARD_FROM_SOURCES: '1' };

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

function runSwitchboard(args: string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const env = { ...sourcesEnv };
    delete env.SWITCHBOARD_DEBUG;
    const child = spawn(process.execPath, [bin, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`switchboard ${args.join(' ')} did not finish within ${RUN_TIMEOUT_MS} ms; stderr: ${stderr}`));
    }, RUN_TIMEOUT_MS);
    child.once('error', reject);
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
}

/** Processes whose command line mentions `tag`: the CLI must leave none behind. */
function processesTagged(tag: string): number[] {
  if (!existsSync('/proc')) return [];
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(tag);
      } catch {
        return false;
      }
    })
    .map(Number);
}

function getOnce(url: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers, timeout: 10_000 }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('timeout', () => req.destroy(new Error('request timed out')));
    req.on('error', reject);
  });
}

describe('switchboard CLI', () => {
  let root: string;
  let dataDir: string;
  let mixedConfig: string;
  let goodConfig: string;
  const tag = `cli-test-${process.pid}-${Date.now()}`;

  before(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'switchboard-cli-'));
    dataDir = path.join(root, 'data');
    const good = fixtureStdio('modern', ['--name', `${tag}-good`]);
    const legacy = fixtureStdio('legacy', ['--name', `${tag}-legacy`]);
    mixedConfig = path.join(root, 'mixed.json');
    writeFileSync(
      mixedConfig,
      JSON.stringify({
        mcpServers: {
          good,
          old: legacy,
          broken: { command: path.join(root, 'no-such-program') },
          resting: { command: 'node', disabled: true },
        },
      }),
    );
    goodConfig = path.join(root, 'good.json');
    writeFileSync(goodConfig, JSON.stringify({ mcpServers: { good, resting: { command: 'node', disabled: true } } }));
  });

  after(() => {
    rmSync(root, { recursive: true, force: true });
  });

  test('explains itself and refuses unknown commands and flags with exit 2', async () => {
    const help = await runSwitchboard(['--help']);
    assert.equal(help.code, 0);
    assert.match(help.stdout, /Usage: switchboard <command>/);
    for (const command of ['servers', 'call', 'serve']) {
      const commandHelp = await runSwitchboard([command, '--help']);
      assert.equal(commandHelp.code, 0, command);
      assert.match(commandHelp.stdout, new RegExp(`Usage: switchboard ${command} `));
    }
    const unknownCommand = await runSwitchboard(['frobnicate']);
    assert.equal(unknownCommand.code, 2);
    assert.match(unknownCommand.stderr, /unknown command "frobnicate"/);
    const unknownFlag = await runSwitchboard(['servers', '--frobnicate']);
    assert.equal(unknownFlag.code, 2);
    assert.match(unknownFlag.stderr, /Unknown option '--frobnicate'/);
    assert.match(unknownFlag.stderr, /Usage: switchboard servers/);
    assert.doesNotMatch(unknownFlag.stderr, /\n\s+at /, 'no stack trace');
    const badMetadataUrl = await runSwitchboard(['serve', '--data-dir', dataDir, '--client-metadata-url', 'http://example.com/client.json']);
    assert.equal(badMetadataUrl.code, 2);
    assert.match(badMetadataUrl.stderr, /--client-metadata-url: the client metadata URL must be https with a path/);
    const badTimeout = await runSwitchboard(['servers', '--data-dir', dataDir, '--timeout', 'soon']);
    assert.equal(badTimeout.code, 2);
    assert.match(badTimeout.stderr, /--timeout must be a whole number/);
    const missingConfig = await runSwitchboard(['servers', '--data-dir', dataDir, '--config', path.join(root, 'absent.json')]);
    assert.equal(missingConfig.code, 1);
    assert.match(missingConfig.stderr, /config file not found/);
  });

  test('servers --json reports every server and fails when an enabled one did not connect', async () => {
    const run = await runSwitchboard(['servers', '--config', mixedConfig, '--data-dir', dataDir, '--json', '--timeout', '45000']);
    assert.equal(run.code, 1, run.stderr);
    const rows = JSON.parse(run.stdout) as Record<string, unknown>[];
    const byName = new Map(rows.map((row) => [row.name, row]));
    assert.deepEqual([...byName.keys()].sort(), ['broken', 'good', 'old', 'resting']);
    for (const row of rows) {
      assert.deepEqual(Object.keys(row).sort(), ['era', 'error', 'name', 'prompts', 'protocolVersion', 'resources', 'status', 'tools']);
      for (const count of ['tools', 'resources', 'prompts']) assert.equal(typeof row[count], 'number', `${row.name}.${count}`);
    }
    const good = byName.get('good')!;
    assert.equal(good.status, 'connected');
    assert.equal(good.era, 'modern');
    assert.equal(good.error, null);
    assert.ok((good.tools as number) > 0);
    assert.ok((good.resources as number) > 0);
    assert.equal(typeof good.protocolVersion, 'string');
    const old = byName.get('old')!;
    assert.equal(old.status, 'connected');
    assert.equal(old.era, 'legacy');
    const broken = byName.get('broken')!;
    assert.notEqual(broken.status, 'connected');
    assert.equal(typeof broken.error, 'string');
    assert.equal(broken.era, null);
    const resting = byName.get('resting')!;
    assert.equal(resting.status, 'disabled');
    assert.equal(resting.error, null);
    assert.deepEqual(processesTagged(tag), [], 'no server process outlives the CLI');
  });

  test('a config file that cannot be parsed is one clear line and exit 1, for servers and call', async () => {
    const badConfig = path.join(root, 'bad.json');
    writeFileSync(badConfig, '{ "mcpServers": { oops');
    const servers = await runSwitchboard(['servers', '--config', badConfig, '--data-dir', dataDir]);
    assert.equal(servers.code, 1);
    assert.equal(servers.stdout, '');
    assert.match(servers.stderr, /^switchboard: cannot use .*bad\.json: mcp\.json is not valid JSON[^\n]*\n$/);
    const call = await runSwitchboard(['call', '--config', badConfig, '--data-dir', dataDir, 'good', 'echo']);
    assert.equal(call.code, 1);
    assert.match(call.stderr, /^switchboard: cannot use .*bad\.json: mcp\.json is not valid JSON[^\n]*\n$/);
  });

  test('servers prints an aligned table and exits 0 when every enabled server connected', async () => {
    const run = await runSwitchboard(['servers', '--config', goodConfig, '--data-dir', dataDir]);
    assert.equal(run.code, 0, run.stderr);
    const lines = run.stdout.trimEnd().split('\n');
    assert.equal(lines.length, 3);
    assert.match(lines[0], /^SERVER\s+STATUS\s+ERA\s+PROTOCOL\s+TOOLS\s+RESOURCES\s+PROMPTS$/);
    assert.match(lines[1], /^good\s+connected\s+modern\s/);
    assert.match(lines[2], /^resting\s+disabled\s+-\s/);
    assert.equal(lines[0].indexOf('STATUS'), lines[1].indexOf('connected'));
    assert.equal(lines[0].indexOf('PROMPTS') + 'PROMPTS'.length, lines[1].length);
    assert.deepEqual(processesTagged(tag), []);
  });

  test('call prints text results and image results readably', async () => {
    const echo = await runSwitchboard(['call', '--config', goodConfig, '--data-dir', dataDir, 'good', 'echo', '--args', '{"text":"hello there"}']);
    assert.equal(echo.code, 0, echo.stderr);
    assert.equal(echo.stdout, 'hello there\n');

    const image = await runSwitchboard(['call', '--config', goodConfig, '--data-dir', dataDir, 'good', 'image']);
    assert.equal(image.code, 0, image.stderr);
    assert.equal(image.stdout, `[image image/png, ${fixturePng().length} bytes]\n`);

    const linked = await runSwitchboard(['call', '--config', goodConfig, '--data-dir', dataDir, 'good', 'resource_link']);
    assert.equal(linked.code, 0, linked.stderr);
    assert.match(linked.stdout, /^\[resource link readme: fixture:\/\/readme \(text\/markdown\)\]\n/);
    assert.deepEqual(processesTagged(tag), []);
  });

  test('call --json prints the raw result, structured content included', async () => {
    const run = await runSwitchboard(['call', '--config', goodConfig, '--data-dir', dataDir, 'good', 'add', '--args', '{"a":2,"b":3}', '--json']);
    assert.equal(run.code, 0, run.stderr);
    const result = JSON.parse(run.stdout) as { content: unknown[]; structuredContent: unknown };
    assert.deepEqual(result.structuredContent, { sum: 5 });
    assert.deepEqual(result.content, [{ type: 'text', text: '5' }]);
  });

  test('a tool error goes to stderr with exit 3', async () => {
    const run = await runSwitchboard(['call', '--config', goodConfig, '--data-dir', dataDir, 'good', 'fail']);
    assert.equal(run.code, 3);
    assert.equal(run.stdout, '');
    assert.match(run.stderr, /this tool always fails/);
  });

  test('call refuses --args that are not a JSON object, before starting anything', async () => {
    for (const args of ['{text: hello}', '[1,2]', '"text"', 'null']) {
      const run = await runSwitchboard(['call', '--config', goodConfig, '--data-dir', dataDir, 'good', 'echo', '--args', args]);
      assert.equal(run.code, 2, args);
      assert.match(run.stderr, /--args (is not valid JSON|must be a JSON object)/, args);
      assert.doesNotMatch(run.stderr, /\n\s+at /);
    }
    const missing = await runSwitchboard(['call', '--config', goodConfig, '--data-dir', dataDir, 'good']);
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /SERVER and TOOL/);
  });

  test('an unknown tool or server is named, with what exists', async () => {
    const tool = await runSwitchboard(['call', '--config', goodConfig, '--data-dir', dataDir, 'good', 'teleport']);
    assert.equal(tool.code, 1);
    assert.match(tool.stderr, /no tool named "teleport"/);
    assert.match(tool.stderr, /\becho\b/);
    assert.match(tool.stderr, /\badd\b/);

    const server = await runSwitchboard(['call', '--config', goodConfig, '--data-dir', dataDir, 'elsewhere', 'echo']);
    assert.equal(server.code, 1);
    assert.match(server.stderr, /no server named "elsewhere"/);
    assert.match(server.stderr, /configured: good, resting/);

    const disabled = await runSwitchboard(['call', '--config', goodConfig, '--data-dir', dataDir, 'resting', 'echo']);
    assert.equal(disabled.code, 1);
    assert.match(disabled.stderr, /disabled/);
    assert.deepEqual(processesTagged(tag), []);
  });

  test('call starts only the server it calls', async () => {
    const markers = [path.join(root, 'other-a.started'), path.join(root, 'other-b.started')];
    const marking = (marker: string) => ({
      command: process.execPath,
      args: ['-e', `require('node:fs').writeFileSync(${JSON.stringify(marker)}, 'started'); setInterval(() => {}, 1000)`, `${tag}-other`],
    });
    const config = path.join(root, 'many.json');
    const good = fixtureStdio('modern', ['--name', `${tag}-good`]);
    writeFileSync(config, JSON.stringify({ mcpServers: { a: marking(markers[0]), good, b: marking(markers[1]) } }));
    const run = await runSwitchboard(['call', '--config', config, '--data-dir', dataDir, 'good', 'echo', '--args', '{"text":"only me"}']);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stdout, 'only me\n');
    for (const marker of markers) assert.equal(existsSync(marker), false, `${path.basename(marker)}: another server was started`);
    assert.deepEqual(processesTagged(tag), []);
  });

  test('call offers a server only what it can answer unattended, so server-everything ends with its input', async () => {
    const tagged = `${tag}-everything`;
    // The flag only names the process (processesTagged); server-everything is the published package.
    const everything = { command: process.execPath, args: [`--env-file-if-exists=${path.join(root, tagged)}`, everythingScript, 'stdio'] };
    const config = path.join(root, 'everything.json');
    writeFileSync(config, JSON.stringify({ mcpServers: { everything } }));
    const everythingData = path.join(root, 'everything-data');

    // Offered roots, it asks for them after the call and stays up for the answer; nothing else keeps it running.
    const echo = await runSwitchboard(['call', '--config', config, '--data-dir', everythingData, 'everything', 'echo', '--args', '{"message":"hi"}']);
    assert.equal(echo.code, 0, echo.stderr);
    assert.equal(echo.stdout, 'Echo: hi\n');
    assert.equal(echo.stderr, '', 'the server exits when its input closes: no grace, no signal');
    // Its roots tool exists only for clients that offer roots.
    const noRoots = await runSwitchboard(['call', '--config', config, '--data-dir', everythingData, 'everything', 'get-roots-list']);
    assert.equal(noRoots.code, 1);
    assert.match(noRoots.stderr, /no tool named "get-roots-list"/);

    // With roots chosen for it (in the app), the server is offered roots and gets them.
    const folder = mkdtempSync(path.join(root, 'shared-folder-'));
    // Loads the list without starting anything, as the app's Settings would see it.
    const host = await Host.start({ dataDir: everythingData, configPath: config, serverStart: { only: [] } });
    await host.call('roots.set', { server: 'everything', roots: [{ path: folder, name: 'shared' }] });
    await host.close();
    const roots = await runSwitchboard(['call', '--config', config, '--data-dir', everythingData, 'everything', 'get-roots-list']);
    assert.equal(roots.code, 0, roots.stderr);
    assert.match(roots.stdout, /Current MCP Roots \(1 total\)/);
    assert.ok(roots.stdout.includes(pathToFileURL(folder).href), roots.stdout);
    assert.deepEqual(processesTagged(tagged), []);
  });

  test('a server that ignores the end of its input is signalled after a short grace, and the CLI says so', async () => {
    const stubborn = `${tag}-stubborn`;
    // Preloaded into the fixture: a timer keeps it alive after its input closes; the second one also ignores SIGTERM.
    const keepAlive = 'data:text/javascript,setInterval(() => {}, 60000)';
    const ignoreTerm = 'data:text/javascript,setInterval(() => {}, 60000); process.on("SIGTERM", () => {})';
    const entry = (preload: string) => ({ command: process.execPath, args: ['--import', preload, fixtureScript('modern'), '--name', stubborn] });
    const config = path.join(root, 'stubborn.json');
    writeFileSync(config, JSON.stringify({ mcpServers: { lingers: entry(keepAlive), deaf: entry(ignoreTerm) } }));

    const lingers = await runSwitchboard(['call', '--config', config, '--data-dir', dataDir, 'lingers', 'echo', '--args', '{"text":"bye"}']);
    assert.equal(lingers.code, 0, lingers.stderr);
    assert.equal(lingers.stdout, 'bye\n');
    assert.equal(lingers.stderr, 'switchboard: server "lingers": the server did not exit within 500 ms of its input closing; sending SIGTERM\n');

    const deaf = await runSwitchboard(['call', '--config', config, '--data-dir', dataDir, 'deaf', 'echo', '--args', '{"text":"bye"}']);
    assert.equal(deaf.code, 0, deaf.stderr);
    assert.match(deaf.stderr, /server "deaf": the server did not exit within 500 ms of its input closing; sending SIGTERM\n/);
    assert.match(deaf.stderr, /server "deaf": the server did not exit within 500 ms of SIGTERM; sending SIGKILL\n/);
    assert.deepEqual(processesTagged(stubborn), [], 'no server process outlives the CLI');
  });

  test('serve prints the URL with the token in the fragment, keeps it across a restart, and exits cleanly on SIGTERM', async () => {
    const rendererDir = path.join(root, 'renderer');
    mkdirSync(rendererDir, { recursive: true });
    writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><title>Switchboard</title>');
    const serveDir = path.join(root, 'serve-data');
    const runServe = async (extra: string[], check: (line: string) => Promise<void>) => {
      const child = spawn(process.execPath, [bin, 'serve', '--config', goodConfig, '--data-dir', serveDir, '--renderer', rendererDir, ...extra], {
        env: sourcesEnv,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
      const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
        child.once('close', (code, signal) => resolve({ code, signal })),
      );
      const killer = setTimeout(() => child.kill('SIGKILL'), RUN_TIMEOUT_MS);
      try {
        let stdout = '';
        const line = await new Promise<string>((resolve, reject) => {
          child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
            stdout += chunk;
            if (stdout.includes('\n')) resolve(stdout);
          });
          void exited.then(() => reject(new Error(`serve exited early; stderr: ${stderr}`)));
        });
        await check(line);
        child.kill('SIGTERM');
        const { code } = await exited;
        assert.equal(code, 0, stderr);
        assert.equal(stdout, line, 'exactly one line on stdout');
        assert.deepEqual(processesTagged(tag), []);
        return { line, stderr };
      } finally {
        clearTimeout(killer);
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      }
    };

    const first = await runServe([], async (line) => {
      const match = /^Switchboard is running at http:\/\/127\.0\.0\.1:(\d+)\/#token=([A-Za-z0-9_-]{43})\n$/.exec(line);
      assert.ok(match, line);
      const [, port, token] = match;
      const page = await getOnce(`http://127.0.0.1:${port}/`);
      assert.equal(page.status, 200, 'the page itself is no secret');
      assert.match(page.body, /<title>Switchboard<\/title>/);
      assert.equal(page.headers['set-cookie'], undefined);
      assert.equal((await getOnce(`http://127.0.0.1:${port}/api`)).status, 401);
      assert.equal((await getOnce(`http://127.0.0.1:${port}/api`, { authorization: `Bearer ${token}` })).status, 204);
    });
    // The same address after a restart: an open tab reconnects and a reload keeps working.
    const second = await runServe([], async () => undefined);
    assert.equal(second.line, first.line);
    const renewed = await runServe(['--new-token'], async () => undefined);
    assert.notEqual(renewed.line, first.line);
    assert.match(renewed.stderr, /made a new access token/);
  });

  test('Ctrl-C while servers are still connecting stops them and exits 130', async () => {
    const hangTag = `${tag}-hang`;
    const hangConfig = path.join(root, 'hang.json');
    writeFileSync(hangConfig, JSON.stringify({ mcpServers: { silent: { command: process.execPath, args: ['-e', 'setInterval(() => {}, 1000)', hangTag] } } }));
    const child = spawn(process.execPath, [bin, 'servers', '--config', hangConfig, '--data-dir', dataDir, '--timeout', '120000'], {
      env: sourcesEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.stdout.resume();
    const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
    const killer = setTimeout(() => child.kill('SIGKILL'), RUN_TIMEOUT_MS);
    try {
      for (let attempt = 0; processesTagged(hangTag).length === 0; attempt++) {
        assert.ok(attempt < 200, 'the silent server never started');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      child.kill('SIGINT');
      assert.equal(await exited, 130, stderr);
      assert.deepEqual(processesTagged(hangTag), [], 'the silent server was stopped');
    } finally {
      clearTimeout(killer);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  });

  test('serve without a built app says to build it', async () => {
    const empty = path.join(root, 'empty-renderer');
    mkdirSync(empty, { recursive: true });
    const run = await runSwitchboard(['serve', '--data-dir', dataDir, '--renderer', empty]);
    assert.equal(run.code, 1);
    assert.match(run.stderr, /run `npm run build` first/);
    assert.equal(run.stderr.trim().split('\n').length, 1);
  });
});
