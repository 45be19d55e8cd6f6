#!/usr/bin/env node
// Plain JavaScript so an old Node gets a clear message instead of a syntax error on TypeScript.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 18)) {
  process.stderr.write(`switchboard: needs Node 24 or newer, this is ${process.version}\n`);
  process.exit(1);
}

const { runCli } = await import('../electron/host/cli/main.ts');
process.exitCode = await runCli(process.argv.slice(2));
// Anything a server library left running must not keep the process alive once the work is done.
setTimeout(() => process.exit(), 3000).unref();
