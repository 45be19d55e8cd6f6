#!/usr/bin/env node
// `npm start`: the desktop app when Electron can run here, otherwise browser mode with one line saying why.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const passThrough = process.argv.slice(2);

const reason = whyElectronCannotRun();
if (reason === undefined) {
  run(['npx', 'electron-vite', 'preview', ...(passThrough.length ? ['--', ...passThrough] : [])]);
} else {
  console.log(`Electron cannot start here (${reason}); starting browser mode instead.`);
  if (!existsSync(path.join(root, 'out', 'renderer', 'index.html'))) {
    const build = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  run([process.execPath, path.join(root, 'bin', 'switchboard.mjs'), 'serve', ...passThrough]);
}

function whyElectronCannotRun() {
  if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) return 'no display';
  const electronDir = path.join(root, 'node_modules', 'electron');
  const pathFile = path.join(electronDir, 'path.txt');
  const binary = () => path.join(electronDir, 'dist', readFileSync(pathFile, 'utf8').trim());
  if (existsSync(pathFile) && existsSync(binary())) return undefined;
  // Electron's package fetches its binary lazily; try once, briefly, and fall back when offline.
  const install = spawnSync(process.execPath, [path.join(electronDir, 'install.js')], { cwd: root, stdio: 'ignore', timeout: 60_000 });
  if (install.status === 0 && existsSync(pathFile) && existsSync(binary())) return undefined;
  return 'its binary is not installed and could not be downloaded';
}

function run(command) {
  const child = spawn(command[0], command.slice(1), { cwd: root, stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
