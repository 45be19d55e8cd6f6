/**
 * The `switchboard` command as npm installs it: the package is packed with `npm pack` (so package.json's `files`
 * decides what ships), unpacked into a `node_modules/switchboard` folder and run from there, where Node refuses
 * to strip TypeScript types. The bundle is built into a staging copy, never into this checkout's out/.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { fixtureStdio } from '../fixtures/servers/launch.ts';

const run = promisify(execFile);
const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const packageJson = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };

/** Every `import … from "x"` of a built file, static ones only (dynamic `import()` is what loads on demand). */
function staticImports(file: string): string[] {
  return [...readFileSync(file, 'utf8').matchAll(/^import\s[^;]*?from\s+"([^"]+)";?$|^import\s+"([^"]+)";?$/gm)].map((match) => match[1] ?? match[2]);
}

/** Everything a built file loads before any of its code runs: its static imports, followed through the package's own chunks. */
function loadedEagerly(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string): void => {
    for (const specifier of staticImports(file)) {
      if (specifier.startsWith('.')) {
        const target = path.resolve(path.dirname(file), specifier);
        if (!seen.has(target)) {
          seen.add(target);
          visit(target);
        }
      } else {
        seen.add(specifier);
      }
    }
  };
  visit(entry);
  return seen;
}

describe('the installed package', () => {
  let root: string;
  let installed: string;
  let configPath: string;

  before(async () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'switchboard-install-'));
    // A checkout as the packer sees it: manifest, launcher and sources, plus what `npm run build` adds for the CLI.
    const stage = path.join(root, 'stage');
    mkdirSync(stage);
    for (const entry of ['package.json', 'README.md', 'bin', 'electron', 'shared']) cpSync(path.join(repoRoot, entry), path.join(stage, entry), { recursive: true });
    const vite = path.join(repoRoot, 'node_modules', 'vite', 'bin', 'vite.js');
    await run(process.execPath, [vite, 'build', '--config', path.join(repoRoot, 'cli.vite.config.ts'), '--outDir', path.join(stage, 'out', 'cli')], {
      cwd: repoRoot,
      timeout: 120_000,
    });
    const packed = await run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', root], {
      cwd: stage,
      timeout: 120_000,
      env: { ...process.env, npm_config_cache: path.join(root, 'npm-cache'), npm_config_update_notifier: 'false' },
    });
    const [{ filename }] = JSON.parse(packed.stdout) as { filename: string }[];

    const modules = path.join(root, 'app', 'node_modules');
    installed = path.join(modules, 'switchboard');
    mkdirSync(installed, { recursive: true });
    await run('tar', ['-xzf', path.join(root, filename), '-C', installed, '--strip-components=1'], { timeout: 60_000 });
    // What npm would install beside it: the runtime dependencies, taken from this checkout.
    for (const name of Object.keys(packageJson.dependencies)) {
      mkdirSync(path.dirname(path.join(modules, name)), { recursive: true });
      symlinkSync(path.join(repoRoot, 'node_modules', name), path.join(modules, name), 'dir');
    }
    configPath = path.join(root, 'mcp.json');
    writeFileSync(configPath, JSON.stringify({ mcpServers: { good: fixtureStdio('modern') } }));
  });

  after(() => {
    rmSync(root, { recursive: true, force: true });
  });

  function switchboard(args: string[]): Promise<{ stdout: string; stderr: string }> {
    const env = { ...process.env };
    delete env.SWITCHBOARD_FROM_SOURCES;
    return run(process.execPath, [path.join(installed, 'bin', 'switchboard.mjs'), ...args], { cwd: path.join(root, 'app'), env, timeout: 60_000 });
  }

  test('ships the built command line and runs it from node_modules', async () => {
    assert.ok(readdirSync(path.join(installed, 'out', 'cli')).includes('main.js'), 'out/cli/main.js is in the package');
    const help = await switchboard(['--help']);
    assert.match(help.stdout, /^Usage: switchboard <command>/);

    const dataDir = path.join(root, 'data');
    const servers = await switchboard(['servers', '--config', configPath, '--data-dir', dataDir, '--json']);
    const [good] = JSON.parse(servers.stdout) as { name: string; status: string }[];
    assert.deepEqual({ name: good.name, status: good.status }, { name: 'good', status: 'connected' });

    const call = await switchboard(['call', '--config', configPath, '--data-dir', dataDir, 'good', 'echo', '--args', '{"text":"installed"}']);
    assert.equal(call.stdout, 'installed\n');
  });

  test('the bundle holds no Electron or renderer code, and a command loads only what it needs', () => {
    const cli = path.join(installed, 'out', 'cli');
    const files = readdirSync(cli, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.js'));
    for (const file of files) {
      const imports = staticImports(path.join(cli, file));
      assert.ok(!imports.some((specifier) => specifier === 'electron' || specifier.startsWith('react')), `${file} imports ${imports.join(', ')}`);
    }
    const help = loadedEagerly(path.join(cli, 'main.js'));
    assert.ok(!help.has('@modelcontextprotocol/client'), '`--help` loads no MCP client');

    const callChunk = files.find((file) => path.basename(file).startsWith('call-command-'));
    assert.ok(callChunk, 'call is a chunk of its own');
    const call = loadedEagerly(path.join(cli, callChunk));
    assert.ok(call.has('@modelcontextprotocol/client'));
    for (const unneeded of ['@anthropic-ai/sdk', 'openai', 'ws']) assert.ok(!call.has(unneeded), `call loads ${unneeded}`);
  });
});
