import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const bundle = path.join(repoRoot, 'out', 'cli', 'main.js');
const inputs = ['electron/host', 'shared', 'cli.vite.config.ts', 'package.json'];

/** The newest modification time among the files the CLI bundle is built from. */
function newestInput(entry: string): number {
  const stats = statSync(entry);
  if (!stats.isDirectory()) return entry.endsWith('.test.ts') ? 0 : stats.mtimeMs;
  return Math.max(0, ...readdirSync(entry).map((name) => newestInput(path.join(entry, name))));
}

/**
 * Playwright's global setup. The specs start `bin/switchboard.mjs serve`, which runs out/cli/main.js when it
 * exists; `npx electron-vite build` alone leaves that bundle as it was, so one older than its sources is built
 * again here. Every spec then runs the host as it is now, the way a person's `npm start` runs it.
 */
export default function buildCliBundleIfStale(): void {
  const builtAt = existsSync(bundle) ? statSync(bundle).mtimeMs : 0;
  if (builtAt > Math.max(...inputs.map((entry) => newestInput(path.join(repoRoot, entry))))) return;
  const vite = path.join(repoRoot, 'node_modules', 'vite', 'bin', 'vite.js');
  execFileSync(process.execPath, [vite, 'build', '--config', path.join(repoRoot, 'cli.vite.config.ts')], { cwd: repoRoot, stdio: 'inherit' });
}
