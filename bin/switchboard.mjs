#!/usr/bin/env node
// Plain JavaScript so an old Node gets a clear message instead of a syntax error on TypeScript.
import { existsSync } from 'node:fs';
import module from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 18)) {
  process.stderr.write(`switchboard: needs Node 24 or newer, this is ${process.version}\n`);
  process.exit(1);
}

// The built bundle (`npm run build` writes it) starts fast and is all an installed package has: Node does not
// strip types under node_modules. A checkout without a build, or SWITCHBOARD_FROM_SOURCES=1 (the unit tests,
// which must see the sources as they are now), runs the TypeScript sources.
const bundle = new URL('../out/cli/main.js', import.meta.url);
const sources = new URL('../electron/host/cli/main.ts', import.meta.url);
const useSources = process.env.SWITCHBOARD_FROM_SOURCES === '1' || !existsSync(fileURLToPath(bundle));
if (useSources && !existsSync(fileURLToPath(sources))) {
  process.stderr.write(`switchboard: this copy has no built command line (${fileURLToPath(bundle)}); run \`npm run build\` in it\n`);
  process.exit(1);
}
if (!useSources) module.enableCompileCache?.(compileCacheDir());
const { runCli } = await import(useSources ? sources.href : bundle.href);
process.exitCode = await runCli(process.argv.slice(2));

/**
 * V8 keeps the compiled bundle and its dependencies here between runs, which saves a good part of each start.
 * In the person's own cache folder, not Node's default under the shared temp folder, where another user could
 * leave entries for us to load. NODE_DISABLE_COMPILE_CACHE=1 turns it off.
 */
function compileCacheDir() {
  const home = os.homedir();
  const base =
    process.platform === 'win32'
      ? (process.env.LOCALAPPDATA ?? path.join(home, 'AppData', 'Local'))
      : process.platform === 'darwin'
        ? path.join(home, 'Library', 'Caches')
        : process.env.XDG_CACHE_HOME || path.join(home, '.cache');
  return path.join(base, 'Switchboard', 'compile-cache');
}
