#!/usr/bin/env node
// `npm run screenshots`: builds the app, then retakes the README's pictures (docs/screenshots/*.png) from the real
// app in browser mode, over the fixture servers and the fake LLM (tests/e2e/screenshot.spec.ts).
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const steps = [
  ['npx', ['electron-vite', 'build']],
  ['npx', ['playwright', 'test', 'tests/e2e/screenshot.spec.ts', '--workers=1']],
];
for (const [command, args] of steps) {
  const run = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, UPDATE_SCREENSHOTS: '1' } });
  if (run.status !== 0) process.exit(run.status ?? 1);
}
