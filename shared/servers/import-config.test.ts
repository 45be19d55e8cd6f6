import { test } from 'node:test';
import assert from 'node:assert/strict';
import { deriveName, parseImportText, stripJsonComments } from './import-config.ts';

function candidates(text: string) {
  const parsed = parseImportText(text);
  assert.ok(parsed.ok, parsed.ok ? '' : parsed.error);
  return parsed.candidates;
}

test('Claude Desktop / Cursor mcpServers maps import entry by entry', () => {
  const result = candidates(
    JSON.stringify({
      mcpServers: {
        filesystem: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/Users/me'] },
        remote: { url: 'https://mcp.example.com/mcp', headers: { Authorization: 'Bearer x' } },
        windsurf: { serverUrl: 'https://mcp.example.org/sse' },
        bad: { command: 'node', url: 'https://x.example' },
      },
    }),
  );
  assert.deepEqual(result, [
    { name: 'filesystem', config: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/Users/me'] }, exists: false },
    { name: 'remote', config: { url: 'https://mcp.example.com/mcp', headers: { Authorization: 'Bearer x' } }, exists: false },
    { name: 'windsurf', config: { url: 'https://mcp.example.org/sse' }, exists: false },
    { name: 'bad', error: 'mcpServers.bad: has both "command" and "url"; keep one', exists: false },
  ]);
});

test('VS Code servers with types, comments, trailing commas and input variables', () => {
  const text = `{
    // VS Code's .vscode/mcp.json
    "inputs": [{ "type": "promptString", "id": "gh-token", "password": true }],
    "servers": {
      "github": {
        "type": "http",
        "url": "https://api.githubcopilot.com/mcp/",
        "headers": { "Authorization": "Bearer \${input:gh-token}" },
      },
      "local": { "type": "stdio", "command": "uvx", "args": ["mcp-server-git", "--repository", "\${workspaceFolder}"] },
      /* legacy transport */
      "old": { "type": "sse", "url": "http://localhost:3001/sse" },
    },
  }`;
  const [github, local, old] = candidates(text);
  assert.deepEqual(github.config, { type: 'http', url: 'https://api.githubcopilot.com/mcp/', headers: { Authorization: 'Bearer ${input:gh-token}' } });
  assert.equal(github.error, undefined, 'a defined input is expanded at start, so the entry imports');
  const parsed = parseImportText(text);
  assert.ok(parsed.ok);
  assert.deepEqual(parsed.inputs, [{ id: 'gh-token', password: true }]);
  const [undefinedInput] = candidates('{ "servers": { "x": { "command": "x", "env": { "K": "${input:nowhere}", "H": "${env:HOME}", "U": "${userHome}" } } } }');
  assert.equal(undefinedInput.error, 'x: uses inputs its "inputs" do not define (${input:nowhere})');
  assert.deepEqual(local.config, { command: 'uvx', args: ['mcp-server-git', '--repository', '${workspaceFolder}'] });
  assert.equal(local.error, 'local: uses variables Switchboard does not expand (${workspaceFolder}); replace them with the real values');
  assert.deepEqual(old, { name: 'old', config: { type: 'sse', url: 'http://localhost:3001/sse' }, exists: false });
});

test('VS Code settings.json nests servers under "mcp"', () => {
  const [only] = candidates('{ "mcp": { "servers": { "time": { "command": "uvx", "args": ["mcp-server-time"] } } } }');
  assert.deepEqual(only, { name: 'time', config: { command: 'uvx', args: ['mcp-server-time'] }, exists: false });
});

test('a bare map, a fragment, and a single entry that needs a name', () => {
  assert.deepEqual(candidates('{ "memory": { "command": "npx", "args": ["-y", "@modelcontextprotocol/server-memory"] } }').map((c) => c.name), ['memory']);
  assert.deepEqual(candidates('"git": { "command": "uvx", "args": ["mcp-server-git"] }').map((c) => c.name), ['git']);
  const [single] = candidates('{ "command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "/tmp"] }');
  assert.deepEqual(single, { name: 'filesystem', config: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/tmp'] }, exists: false });
  const [remote] = candidates('{ "type": "streamable-http", "url": "https://mcp.notion.com/mcp" }');
  assert.deepEqual(remote, { name: 'notion', config: { type: 'http', url: 'https://mcp.notion.com/mcp' }, exists: false });
});

test('names are derived from what runs and made unique', () => {
  assert.equal(deriveName({ command: 'uvx', args: ['mcp-server-fetch'] }), 'fetch');
  assert.equal(deriveName({ command: 'docker', args: ['run', '-i', '--rm', '-e', 'TOKEN', 'ghcr.io/github/github-mcp-server'] }), 'github');
  assert.equal(deriveName({ command: 'npx', args: ['-y', 'tavily-mcp@0.1.4'] }), 'tavily');
  assert.equal(deriveName({ command: 'python', args: ['-m', 'weather_server'] }), 'weather_server');
  assert.equal(deriveName({ command: '/usr/local/bin/my-tool' }), 'my-tool');
  assert.equal(deriveName({ command: 'node', args: ['/srv/servers/build/index.js'] }), 'index');
  assert.equal(deriveName({ url: 'http://localhost:8931/mcp' }), 'localhost-8931');
  assert.equal(deriveName({ url: 'https://www.example.co/mcp' }), 'example');
  assert.deepEqual(
    candidates('{ "servers": { "a b": { "command": "x" }, "a/b": { "command": "y" }, "a-b": { "command": "z" } } }').map((c) => c.name),
    ['a b', 'a-b', 'a-b-2'],
  );
});

test('text that is not a config says why', () => {
  assert.deepEqual(parseImportText('   '), { ok: false, error: 'nothing to import: the text is empty' });
  const garbage = parseImportText('npx -y something');
  assert.equal(garbage.ok, false);
  assert.match(!garbage.ok ? garbage.error : '', /^the pasted text is not valid JSON: /);
  // A pasted config with an unquoted token: the place is given, the text is never quoted back.
  const token = parseImportText('{ "mcpServers": { "gh": { "command": "x", "env": { "GITHUB_TOKEN": ghp_pastedSecret } } } }');
  assert.equal(!token.ok ? token.error : '', 'the pasted text is not valid JSON: line 1, column 68: expected a JSON value');
  assert.deepEqual(parseImportText('{ "theme": "dark" }'), {
    ok: false,
    error: 'found no server entries: expected "mcpServers", "servers", a map of names to entries, or one entry with "command" or "url"',
  });
  assert.deepEqual(parseImportText('{ "mcpServers": [] }'), { ok: false, error: '"mcpServers" must be an object that maps names to server entries' });
  assert.deepEqual(parseImportText('{ "mcpServers": {} }'), { ok: false, error: 'the pasted text has no server entries' });
});

test('comment stripping leaves strings alone', () => {
  assert.equal(stripJsonComments('{"url": "http://x//y", /* c */ "a": [1,2,], // end\n}'), '{"url": "http://x//y",  "a": [1,2] \n}');
  assert.equal(stripJsonComments('{"q": "say \\"hi\\", // not a comment"}'), '{"q": "say \\"hi\\", // not a comment"}');
});
