import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DiscoveredFile } from '../../../shared/servers/discovered-config.ts';
import { WRITTEN_VALUE } from '../../../shared/servers/stored-values.ts';
import { Host } from '../host.ts';
import { discoverConfigs } from './discover-configs.ts';
import { configLocations } from './host-locations.ts';

type Context = { after: (fn: () => unknown) => void };

function write(file: string, text: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

test('each host’s files are looked for where its documentation puts them, on macOS, Windows and Linux', () => {
  const paths = (platform: NodeJS.Platform, home: string, appData?: string) =>
    Object.fromEntries(configLocations({ platform, home, appData, projectDirs: [] }).map((location) => [`${location.host} ${location.scope}`, location.path]));
  const mac = paths('darwin', '/Users/ada');
  assert.equal(mac['claude-desktop app settings'], '/Users/ada/Library/Application Support/Claude/claude_desktop_config.json');
  assert.equal(mac['vscode user mcp.json'], '/Users/ada/Library/Application Support/Code/User/mcp.json');
  assert.equal(mac['cline extension settings'], '/Users/ada/Library/Application Support/Code/User/globalStorage/saoudrizwan.claude-dev/settings/cline_mcp_settings.json');
  assert.equal(mac['goose extensions'], '/Users/ada/.config/goose/config.yaml');
  assert.equal(mac['zed user settings'], '/Users/ada/.config/zed/settings.json');
  const windows = paths('win32', 'C:\\Users\\ada', 'C:\\Users\\ada\\AppData\\Roaming');
  assert.equal(windows['claude-desktop app settings'], 'C:\\Users\\ada\\AppData\\Roaming\\Claude\\claude_desktop_config.json');
  assert.equal(windows['claude-code user and local scopes'], 'C:\\Users\\ada\\.claude.json');
  assert.equal(windows['vscode user settings.json'], 'C:\\Users\\ada\\AppData\\Roaming\\Code\\User\\settings.json');
  assert.equal(windows['windsurf user settings'], 'C:\\Users\\ada\\.codeium\\windsurf\\mcp_config.json');
  assert.equal(windows['goose extensions'], 'C:\\Users\\ada\\AppData\\Roaming\\Block\\goose\\config\\config.yaml');
  assert.equal(windows['zed user settings'], 'C:\\Users\\ada\\AppData\\Roaming\\Zed\\settings.json');
  const linux = paths('linux', '/home/ada');
  assert.equal(linux['claude-desktop app settings'], '/home/ada/.config/Claude/claude_desktop_config.json');
  assert.equal(linux['vscode user mcp.json'], '/home/ada/.config/Code/User/mcp.json');
  assert.equal(linux['cursor user settings'], '/home/ada/.cursor/mcp.json');
});

/** A fake home (macOS layout) with one file per host, and a project Claude Code knows about. */
function fakeHome(t: Context): { home: string; project: string } {
  const home = mkdtempSync(path.join(os.tmpdir(), 'switchboard-home-'));
  t.after(() => rmSync(home, { recursive: true, force: true }));
  const project = path.join(home, 'src', 'app');
  const appSupport = path.join(home, 'Library', 'Application Support');
  write(path.join(appSupport, 'Claude', 'claude_desktop_config.json'), JSON.stringify({ mcpServers: { files: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/tmp'] }, github: { command: 'npx', args: ['-y', 'gh-mcp'], env: { GITHUB_TOKEN: 'ghp_desktop_secret' } } } }));
  write(path.join(home, '.claude.json'), JSON.stringify({ mcpServers: { memory: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory'] } }, projects: { [project]: { mcpServers: { local: { command: 'uvx', args: ['local-tool'] } } } } }));
  write(path.join(project, '.mcp.json'), JSON.stringify({ mcpServers: { shared: { type: 'http', url: 'https://mcp.example.com/mcp', headers: { Authorization: 'Bearer project_secret' } } } }));
  write(path.join(home, '.cursor', 'mcp.json'), JSON.stringify({ mcpServers: { github: { command: 'docker', args: ['run', '-i', 'ghcr.io/github/github-mcp-server'] } } }));
  write(path.join(appSupport, 'Code', 'User', 'mcp.json'), `{
    // VS Code user mcp.json
    "inputs": [{ "type": "promptString", "id": "pat", "password": true }],
    "servers": { "vsgh": { "type": "http", "url": "https://api.githubcopilot.com/mcp/", "headers": { "Authorization": "Bearer \${input:pat}" } }, },
  }`);
  write(path.join(appSupport, 'Code', 'User', 'settings.json'), '{ "editor.fontSize": 14, "mcp": { "servers": { "time": { "command": "uvx", "args": ["mcp-server-time"] } } } }');
  write(path.join(home, '.codeium', 'windsurf', 'mcp_config.json'), JSON.stringify({ mcpServers: { zapier: { serverUrl: 'https://actions.zapier.com/mcp/k/sse' } } }));
  write(path.join(appSupport, 'Code', 'User', 'globalStorage', 'saoudrizwan.claude-dev', 'settings', 'cline_mcp_settings.json'), JSON.stringify({ mcpServers: { git: { command: 'uvx', args: ['mcp-server-git'], disabled: false, alwaysAllow: [] } } }));
  write(path.join(home, '.config', 'goose', 'config.yaml'), [
    'GOOSE_PROVIDER: anthropic',
    'extensions:',
    '  developer:',
    '    enabled: true',
    '    type: builtin',
    '    name: developer',
    '  fetch:',
    '    enabled: false',
    '    type: stdio',
    '    cmd: uvx',
    '    args:',
    '    - mcp-server-fetch',
    '    envs:',
    '      FETCH_KEY: goose_secret',
    '  remote:',
    '    enabled: true',
    '    type: streamable_http',
    '    uri: https://goose.example.com/mcp',
    '',
  ].join('\n'));
  write(path.join(home, '.config', 'zed', 'settings.json'), `{
    "context_servers": {
      "new-style": { "command": "node", "args": ["server.js"], "env": {} },
      "old-style": { "command": { "path": "python3", "args": ["-m", "srv"], "env": { "A": "1" } } },
      "from-extension": { "source": "extension", "settings": {} },
    },
  }`);
  write(path.join(home, '.config', 'broken', 'x'), '');
  write(path.join(project, '.vscode', 'mcp.json'), '{ "servers": { "bad": ');
  return { home, project };
}

test('a fake home: every host’s servers, grouped by file, new / present / clash, values never included', async (t) => {
  const { home, project } = fakeHome(t);
  const configured = {
    files: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/tmp'] },
    time: { command: 'something-else' },
  };
  const { result, found } = await discoverConfigs({ platform: 'darwin', home, projectDirs: [] }, configured);
  const summary = result.files.map((file) => [file.host, file.scope.replace(home, '~'), file.error ? 'error' : file.servers.map((server) => `${server.name}:${server.status}${server.rename ? `→${server.rename}` : ''}`).join(' ')]);
  assert.deepEqual(summary, [
    ['claude-desktop', 'app settings', 'files:present github:new'],
    ['claude-code', 'user and local scopes', 'memory:new local:new'],
    ['cursor', 'user settings', 'github:clash→github-cursor'],
    ['vscode', 'user mcp.json', 'vsgh:new'],
    ['vscode', 'user settings.json', 'time:clash→time-vscode'],
    ['windsurf', 'user settings', 'zapier:new'],
    ['cline', 'extension settings', 'git:new'],
    ['goose', 'extensions', 'fetch:new remote:new'],
    ['zed', 'user settings', 'new-style:new old-style:new'],
    ['claude-code', 'project .mcp.json in ~/src/app', 'shared:new'],
    ['vscode', 'workspace in ~/src/app', 'error'],
  ]);
  const byName = (file: DiscoveredFile, name: string) => file.servers.find((server) => server.name === name);
  assert.equal(byName(result.files[0], 'files')?.presentAs, 'files');
  assert.deepEqual(byName(result.files[7], 'fetch')?.config, { command: 'uvx', args: ['mcp-server-fetch'], env: { FETCH_KEY: WRITTEN_VALUE }, disabled: true });
  assert.deepEqual(byName(result.files[7], 'remote')?.config, { type: 'http', url: 'https://goose.example.com/mcp' });
  assert.deepEqual(byName(result.files[8], 'old-style')?.config, { command: 'python3', args: ['-m', 'srv'], env: { A: WRITTEN_VALUE } });
  assert.match(result.files[10].error ?? '', /^is not valid JSON/);
  const shown = JSON.stringify(result);
  for (const secret of ['ghp_desktop_secret', 'project_secret', 'goose_secret']) assert.ok(!shown.includes(secret), `${secret} stays in the host`);
  assert.deepEqual(found.find((item) => item.server.name === 'github' && item.file.host === 'claude-desktop')?.config, { command: 'npx', args: ['-y', 'gh-mcp'], env: { GITHUB_TOKEN: 'ghp_desktop_secret' } });
  assert.deepEqual(found.find((item) => item.server.name === 'vsgh')?.inputs, [{ id: 'pat', password: true }]);
  assert.ok(project);
});

test('importing found servers: real values go to the secret store, inputs come along, nothing starts before trust', { timeout: 60_000 }, async (t) => {
  const { home } = fakeHome(t);
  const root = mkdtempSync(path.join(os.tmpdir(), 'switchboard-import-'));
  t.after(() => rmSync(root, { recursive: true, force: true }));
  const configPath = path.join(root, 'mcp.json');
  const host = await Host.start({ dataDir: path.join(root, 'data'), configPath, discovery: { platform: 'darwin', home, projectDirs: [] } });
  t.after(() => host.close());
  const desktop = path.join(home, 'Library', 'Application Support', 'Claude', 'claude_desktop_config.json');
  const vscode = path.join(home, 'Library', 'Application Support', 'Code', 'User', 'mcp.json');
  const { outcomes } = (await host.call('servers.importDiscovered', {
    picks: [
      { path: desktop, name: 'github', as: 'github' },
      { path: vscode, name: 'vsgh', as: 'copilot' },
      { path: '/etc/passwd', name: 'root', as: 'nope' },
    ],
  })) as { outcomes: { as: string; ok: boolean; error?: string }[] };
  assert.deepEqual(outcomes, [
    { as: 'github', ok: true },
    { as: 'copilot', ok: true },
    { as: 'nope', ok: false, error: 'no server "root" was found in /etc/passwd' },
  ]);
  const written = readFileSync(configPath, 'utf8');
  assert.ok(!written.includes('ghp_desktop_secret'), 'the token went to the secret store');
  const file = JSON.parse(written) as { inputs: unknown; mcpServers: Record<string, { env?: Record<string, string>; headers?: Record<string, string> }> };
  assert.match(file.mcpServers.github.env?.GITHUB_TOKEN ?? '', /^\$\{switchboard-secret:/);
  assert.equal(file.mcpServers.copilot.headers?.Authorization, 'Bearer ${input:pat}');
  assert.deepEqual(file.inputs, [{ type: 'promptString', id: 'pat', password: true }]);
  assert.equal(host.servers.get('github')?.status, 'awaiting-trust');
  const again = (await host.call('servers.discover', {})) as { files: DiscoveredFile[] };
  assert.equal(again.files[0].servers.find((server) => server.name === 'github')?.status, 'present');
});
