import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { canonicalLaunch, launchFingerprint } from './launch-fingerprint.ts';
import type { LaunchConfig } from '../../../shared/consent/launch-review.ts';

const base = { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/tmp'], env: { A: '1', TOKEN: 'secret' }, cwd: '/srv' };

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

describe('launchFingerprint', () => {
  it('pins the canonical form, so stored trust never silently stops matching', () => {
    const expected =
      '{"args":["-y","@modelcontextprotocol/server-filesystem","/tmp"],"command":"npx","cwd":"/srv",' +
      `"env":[["A","${sha256('1')}"],["TOKEN","${sha256('secret')}"]],"format":"switchboard-launch/1","transport":"stdio"}`;
    assert.equal(launchFingerprint(base), sha256(expected));
    const remote = '{"format":"switchboard-launch/1","headers":["authorization","x-team"],"transport":"http","url":"https://mcp.example.com/mcp"}';
    assert.equal(launchFingerprint({ url: 'https://mcp.example.com/mcp', headers: { 'X-Team': 'a', Authorization: 'b' } }), sha256(remote));
  });

  it('is a SHA-256 hex digest that holds no env value', () => {
    assert.match(launchFingerprint(base), /^[0-9a-f]{64}$/);
    assert.ok(!JSON.stringify(canonicalLaunch(base)).includes('secret'));
  });

  it('does not depend on the order of env keys or headers, or on fields that do not change what runs', () => {
    assert.equal(launchFingerprint(base), launchFingerprint({ ...base, env: { TOKEN: 'secret', A: '1' } }));
    const loose = { ...base, disabled: true, type: 'stdio', note: 'from Claude Desktop' } as LaunchConfig;
    assert.equal(launchFingerprint(base), launchFingerprint(loose));
    const remote = { url: 'https://x.example/mcp', headers: { A: '1', B: '2' } };
    assert.equal(launchFingerprint(remote), launchFingerprint({ url: 'https://x.example/mcp', headers: { b: '2', a: '1' } }));
    assert.equal(launchFingerprint(remote), launchFingerprint({ ...remote, type: 'streamable-http' }));
    assert.equal(launchFingerprint(remote), launchFingerprint({ ...remote, type: 'http' }));
  });

  it('does not ask again when only a header value (a rotated token) changes', () => {
    assert.equal(
      launchFingerprint({ url: 'https://x.example/mcp', headers: { Authorization: 'Bearer old' } }),
      launchFingerprint({ url: 'https://x.example/mcp', headers: { Authorization: 'Bearer new' } }),
    );
  });

  it('changes with anything that changes what runs or where it goes', () => {
    const changed: LaunchConfig[] = [
      { ...base, command: 'bunx' },
      { ...base, args: ['-y', '@modelcontextprotocol/server-filesystem', '/'] },
      { ...base, args: ['@modelcontextprotocol/server-filesystem', '-y', '/tmp'] },
      { ...base, args: [...base.args, ''] },
      { ...base, cwd: '/srv/other' },
      { ...base, cwd: undefined },
      { ...base, env: { ...base.env, LD_PRELOAD: '/tmp/x.so' } },
      { ...base, env: { A: '1', TOKEN: 'other' } },
      { ...base, env: { A: '1' } },
    ];
    const all = new Set([launchFingerprint(base), ...changed.map(launchFingerprint)]);
    assert.equal(all.size, changed.length + 1);

    const remote = { url: 'https://x.example/mcp', headers: { A: '1' } };
    assert.notEqual(launchFingerprint(remote), launchFingerprint({ ...remote, url: 'https://x.example/mcp2' }));
    assert.notEqual(launchFingerprint(remote), launchFingerprint({ ...remote, headers: { A: '1', Cookie: 'c' } }));
    assert.notEqual(launchFingerprint(remote), launchFingerprint({ ...remote, type: 'sse' }));
  });

  it('keeps argument boundaries: ["a b"] is not ["a", "b"]', () => {
    assert.notEqual(launchFingerprint({ command: 'x', args: ['a b'] }), launchFingerprint({ command: 'x', args: ['a', 'b'] }));
  });
});
