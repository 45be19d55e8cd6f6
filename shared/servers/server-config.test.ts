import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseServerEntry } from './server-config.ts';

// Node's own errors for these values quote them (`Headers.append: "Bearer …" is an invalid header value`).
test('header and env values that Node would refuse are refused without quoting them', () => {
  const secret = 'sk-live-0123456789';
  for (const value of [`Bearer ${secret}\nX-Injected: 1`, `Bearer ${secret}\u20ac`, `Bearer ${secret}\0`]) {
    const parsed = parseServerEntry('web', { url: 'https://example.com/mcp', headers: { Authorization: value } });
    assert.throws(() => new Headers({ Authorization: value }), 'fetch would refuse it too');
    assert.equal(parsed.ok, false, JSON.stringify(value));
    assert.equal(parsed.ok ? '' : parsed.error, 'mcpServers.web.headers.Authorization: a header value cannot hold line breaks, NUL or characters beyond U+00FF');
  }
  const env = parseServerEntry('local', { command: 'node', env: { TOKEN: `${secret}\0` } });
  assert.equal(env.ok ? '' : env.error, 'mcpServers.local.env.TOKEN: an environment value cannot hold a NUL character');
  const wrongType = parseServerEntry('local', { command: 'node', env: { TOKEN: 12345 } });
  assert.ok(!wrongType.ok && !wrongType.error.includes('12345'), wrongType.ok ? '' : wrongType.error);
});

test('header values fetch accepts still pass: Latin-1, tabs, and whitespace it trims', () => {
  for (const value of ['Bearer t', 'caf\u00e9', 'a\tb', ' padded \r\n', '']) {
    assert.equal(parseServerEntry('web', { url: 'https://example.com/mcp', headers: { A: value } }).ok, true, JSON.stringify(value));
    assert.doesNotThrow(() => new Headers({ A: value }));
  }
});
