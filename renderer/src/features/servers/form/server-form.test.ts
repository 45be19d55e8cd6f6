import { assert, test } from '../../../test-support/node-test.mjs';
import { isStoredValue, STORED_VALUE, WRITTEN_VALUE } from '../../../../../shared/servers/stored-values.ts';
import { argsFromText, checkForm, emptyServerForm, entryFromForm, fieldOfHostMessage, formFromEntry } from './server-form.ts';

test('args: one per line, trimmed, blank lines dropped', () => {
  assert.deepEqual(argsFromText(' -y \r\n\n@scope/pkg\n  --flag=a b  \n'), ['-y', '@scope/pkg', '--flag=a b']);
});

test('a stdio entry round-trips and keeps keys the form does not own', () => {
  const original = { command: 'npx', args: ['-y', 'pkg'], env: { TOKEN: 'x' }, cwd: '/tmp', disabled: true, autoApprove: ['a'] };
  const form = formFromEntry('files', original);
  assert.equal(form.kind, 'stdio');
  assert.equal(form.args, '-y\npkg');
  assert.deepEqual(form.env, [{ key: 'TOKEN', value: 'x' }]);
  assert.deepEqual(entryFromForm(form, original), original);
});

test('switching an entry to remote drops the stdio keys', () => {
  const original = { command: 'npx', args: ['x'], disabled: false };
  const form = { ...formFromEntry('a', original), kind: 'remote' as const, url: ' https://example.com/mcp ', headers: [{ key: 'Authorization', value: 'Bearer t' }] };
  assert.deepEqual(entryFromForm(form, original), { disabled: false, url: 'https://example.com/mcp', headers: { Authorization: 'Bearer t' } });
});

test('remote entries: sse type, serverUrl, empty rows left out', () => {
  const form = formFromEntry('r', { type: 'sse', serverUrl: 'http://localhost:1/sse' });
  assert.equal(form.kind, 'remote');
  assert.equal(form.remoteType, 'sse');
  assert.equal(form.url, 'http://localhost:1/sse');
  assert.deepEqual(entryFromForm({ ...form, headers: [{ key: '', value: '' }] }), { type: 'sse', url: 'http://localhost:1/sse' });
});

test('a new stdio server sends only what was filled in', () => {
  const form = { ...emptyServerForm(), name: 'e', command: ' node ', args: 'server.js\n' };
  assert.deepEqual(entryFromForm(form), { command: 'node', args: ['server.js'] });
});

test('checkForm catches nameless and repeated rows', () => {
  assert.deepEqual(checkForm({ ...emptyServerForm(), env: [{ key: '', value: 'v' }] }), { env: 'Environment variable on row 1 has a value but no name' });
  assert.deepEqual(checkForm({ ...emptyServerForm(), kind: 'remote' as const, headers: [{ key: 'A', value: '1' }, { key: 'A', value: '2' }] }), {
    headers: 'Header "A" is set twice',
  });
  assert.deepEqual(checkForm({ ...emptyServerForm(), env: [{ key: '', value: '' }] }), {});
});

test('fieldOfHostMessage points at the field a host message is about', () => {
  assert.equal(fieldOfHostMessage('mcpServers.web.url: url must be an http(s) URL', 'web'), 'url');
  assert.equal(fieldOfHostMessage('mcpServers.x.args: args must be an array of strings', 'x'), 'args');
  assert.equal(fieldOfHostMessage('mcpServers.x.env.KEY: expected string', 'x'), 'env');
  assert.equal(fieldOfHostMessage('servers.add: name: a server name uses letters, digits', 'bad/'), 'name');
  assert.equal(fieldOfHostMessage('mcpServers["bad/"]: a server name uses letters', 'bad/'), 'name');
  assert.equal(fieldOfHostMessage('something else went wrong', 'x'), undefined);
});

test('stored values arrive as markers, show as kept rows without a value, and go back as markers', () => {
  const original = { command: 'npx', args: ['pkg'], env: { TOKEN: STORED_VALUE, REGION: STORED_VALUE } };
  const form = formFromEntry('s', original);
  assert.deepEqual(form.env, [
    { key: 'TOKEN', value: '', stored: 'kept', storedIn: 'secret-store' },
    { key: 'REGION', value: '', stored: 'kept', storedIn: 'secret-store' },
  ]);
  assert.deepEqual(entryFromForm({ ...form, args: 'pkg\n--verbose' }, original), { ...original, args: ['pkg', '--verbose'] });

  const edited = { ...form, env: [{ key: 'TOKEN', value: 'typed', stored: 'replacing' as const }, { key: 'NEW', value: 'n' }] };
  assert.deepEqual(entryFromForm(edited, original).env, { TOKEN: 'typed', NEW: 'n' }, 'REGION was removed, TOKEN replaced');

  const remote = { url: 'https://example.com/mcp', headers: { Authorization: STORED_VALUE } };
  assert.deepEqual(entryFromForm(formFromEntry('r', remote), remote), remote);
});

test('a value written into mcp.json by hand shows as such, and goes back as a marker that keeps it', () => {
  const original = { command: 'npx', env: { TOKEN: STORED_VALUE, HAND: WRITTEN_VALUE } };
  const form = formFromEntry('s', original);
  assert.deepEqual(
    form.env.map((row) => [row.key, row.storedIn]),
    [
      ['TOKEN', 'secret-store'],
      ['HAND', 'mcp.json'],
    ],
  );
  const sent = entryFromForm(form, original).env as Record<string, string>;
  assert.ok(isStoredValue(sent.TOKEN) && isStoredValue(sent.HAND), 'both are kept as the host has them');
});

test('a stored value being replaced needs the new value', () => {
  const env = [{ key: 'TOKEN', value: '', stored: 'replacing' as const }];
  assert.deepEqual(checkForm({ ...emptyServerForm(), env }), { env: 'Enter the new value of TOKEN, or keep the stored one' });
  assert.deepEqual(checkForm({ ...emptyServerForm(), env: [{ key: 'TOKEN', value: '', stored: 'kept' as const }] }), {});
});

test('tool call time limits: read from timeout, written back in seconds, left out when blank, checked', () => {
  const form = formFromEntry('slow', { command: 'node', timeout: { call: 90, max: 1200 } });
  assert.equal(form.callTimeout, '90');
  assert.equal(form.maxCallTime, '1200');
  assert.deepEqual(entryFromForm({ ...form, maxCallTime: '' }, { command: 'node', timeout: { call: 90, max: 1200 } }), { command: 'node', timeout: { call: 90 } });
  assert.deepEqual(entryFromForm({ ...form, callTimeout: '', maxCallTime: '' }), { command: 'node' });
  assert.equal(formFromEntry('slow', { url: 'https://example.com/mcp', timeout: 30_000 }).callTimeout, '30', 'milliseconds, as other hosts write it');
  assert.deepEqual(checkForm({ ...form, callTimeout: 'soon', maxCallTime: '-1' }), {
    callTimeout: 'Enter a number of seconds above 0, or leave it blank for the default',
    maxCallTime: 'Enter a number of seconds above 0, or leave it blank for the default',
  });
  assert.equal(fieldOfHostMessage('mcpServers.slow.timeout: timeout.max cannot be shorter than timeout.call', 'slow'), 'callTimeout');
});
