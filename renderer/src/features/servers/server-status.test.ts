import { assert, test } from '../../test-support/node-test.mjs';
import { describeExit, describeRestart, eraBadge, launchTarget, plural, shortCommand } from './server-status.ts';

test('describeExit prefers the signal, then the code', () => {
  assert.equal(describeExit({ code: null, signal: 'SIGKILL', stderrTail: [], at: 0 }), 'killed by SIGKILL');
  assert.equal(describeExit({ code: 3, signal: null, stderrTail: [], at: 0 }), 'exited with code 3');
  assert.equal(describeExit({ code: null, signal: null, stderrTail: [], at: 0 }), 'exited');
});

test('describeRestart numbers attempts like the host log, with the wait and giving up', () => {
  assert.equal(describeRestart(undefined, 'crashed', 0), undefined);
  assert.equal(describeRestart({ attempt: 0, gaveUp: false }, 'connected', 0), undefined);
  assert.equal(describeRestart({ attempt: 1, nextAt: 4500, gaveUp: false }, 'crashed', 1000), 'Restart attempt 1 in 4 s');
  assert.equal(describeRestart({ attempt: 2, nextAt: 900, gaveUp: false }, 'crashed', 1000), 'Restart attempt 2 now');
  assert.equal(describeRestart({ attempt: 2, nextAt: 900, gaveUp: false }, 'connecting', 1000), 'Restart attempt 2: starting');
  assert.equal(describeRestart({ attempt: 1, nextAt: 900, gaveUp: false }, 'connected', 1000), 'Back after 1 automatic restart');
  assert.equal(describeRestart({ attempt: 5, gaveUp: true }, 'crashed', 0), 'Gave up after 5 automatic restarts');
});

test('eraBadge names the protocol revision', () => {
  assert.equal(eraBadge('modern', '2026-07-28').label, '2026-07-28');
  assert.equal(eraBadge('legacy', '2025-06-18').label, '2025 · 2025-06-18');
  assert.equal(eraBadge('legacy', undefined).label, '2025');
});

test('plural', () => {
  assert.equal(plural(1, 'tool'), '1 tool');
  assert.equal(plural(0, 'tool'), '0 tools');
});

test('shortCommand keeps the last segment of absolute paths only', () => {
  assert.equal(shortCommand('/usr/local/bin/node', ['/home/me/src/server.ts', '--port', '3']), 'node …/server.ts --port 3');
  assert.equal(shortCommand('npx', ['-y', '@scope/pkg', 'relative/dir']), 'npx -y @scope/pkg relative/dir');
  assert.equal(shortCommand('C:\\Program Files\\node.exe', ['C:\\srv\\a.js']), 'node.exe …/a.js');
});

test('launchTarget shows a remote address without its query or credentials', () => {
  const remote = launchTarget({ transport: 'http', url: 'https://alice:hunter2@mcp.example.com/mcp?api_key=sk-live-123#x', headerKeys: [] });
  assert.deepEqual(remote, { short: 'https://mcp.example.com/mcp?…', full: 'https://mcp.example.com/mcp?…' });
  assert.equal(launchTarget({ transport: 'sse', url: 'http://127.0.0.1:3001/sse', headerKeys: [] })?.full, 'http://127.0.0.1:3001/sse');
  const local = launchTarget({ transport: 'stdio', command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory'], envKeys: [] });
  assert.equal(local?.full, 'npx -y @modelcontextprotocol/server-memory');
  assert.equal(launchTarget(undefined), undefined);
});
