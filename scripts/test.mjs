#!/usr/bin/env node
// The README's test command: every check the project has, in order, then one closing line that counts them.
import { spawn } from 'node:child_process';

const steps = [
  { name: 'typecheck', cmd: ['npm', 'run', '--silent', 'typecheck'] },
  { name: 'lint', cmd: ['npm', 'run', '--silent', 'lint'] },
  { name: 'unit', cmd: ['npm', 'run', '--silent', 'test:unit'], counts: /^(?:#|ℹ) (pass|fail) (\d+)/gm },
  { name: 'build', cmd: ['npm', 'run', '--silent', 'build'] },
  { name: 'e2e', cmd: ['npm', 'run', '--silent', 'test:e2e'], counts: /^\s*(\d+) (passed|failed|flaky)\b/gm },
  { name: 'conformance', cmd: ['npm', 'run', '--silent', 'test:conformance'], counts: /^conformance: (\d+) (passed|failed)/gm },
];

const only = process.argv.slice(2);
let passed = 0;
let failed = 0;
const failedSteps = [];

for (const step of steps) {
  if (only.length > 0 && !only.includes(step.name)) continue;
  const started = Date.now();
  process.stdout.write(`\n=== ${step.name}\n`);
  const { code, output } = await run(step.cmd);
  if (step.counts) {
    for (const match of output.matchAll(step.counts)) {
      const [word, number] = /^\d+$/.test(match[1]) ? [match[2], Number(match[1])] : [match[1], Number(match[2])];
      if (word === 'pass' || word === 'passed' || word === 'flaky') passed += number;
      else failed += number;
    }
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (code !== 0) {
    failedSteps.push(step.name);
    if (!step.counts) failed += 1;
    process.stdout.write(`=== ${step.name} FAILED (exit ${code}) in ${seconds}s\n`);
  } else {
    if (!step.counts) passed += 1;
    process.stdout.write(`=== ${step.name} ok in ${seconds}s\n`);
  }
}

if (failedSteps.length > 0) process.stdout.write(`\nfailed steps: ${failedSteps.join(', ')}\n`);
process.stdout.write(`${passed} passed, ${failed} failed\n`);
process.exit(failedSteps.length > 0 ? 1 : 0);

function run(cmd) {
  return new Promise((resolve) => {
    const child = spawn(cmd[0], cmd.slice(1), { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      process.stdout.write(chunk);
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
      process.stderr.write(chunk);
    });
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}
