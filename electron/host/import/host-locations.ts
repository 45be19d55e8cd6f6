import path from 'node:path';
import type { OtherHost } from '../../../shared/servers/discovered-config.ts';

export interface LocationContext {
  platform: NodeJS.Platform;
  home: string;
  /** `%APPDATA%` on Windows (Roaming). */
  appData?: string;
  /** Folders whose project files count: the host's working folder and the projects Claude Code knows. */
  projectDirs: string[];
}

export interface ConfigLocation {
  host: OtherHost;
  scope: string;
  path: string;
  format: 'json' | 'yaml';
  /** Where in the file the servers are, and their spelling; see read-host-config.ts. */
  shape: 'mcpServers' | 'vscode-mcp' | 'vscode-settings' | 'claude-code-user' | 'goose' | 'zed';
}

/**
 * Where each host keeps its MCP servers, per platform, as their own documentation gives it:
 * - Claude Desktop: `~/Library/Application Support/Claude/claude_desktop_config.json` (macOS),
 *   `%APPDATA%\Claude\claude_desktop_config.json` (Windows); on Linux, where only unofficial builds exist,
 *   `~/.config/Claude/claude_desktop_config.json`.
 * - Claude Code: `~/.claude.json` (user scope `mcpServers`, local scope under `projects`), and `.mcp.json` in a project.
 * - Cursor: `~/.cursor/mcp.json`, and `.cursor/mcp.json` in a project.
 * - VS Code: `mcp.json` and `settings.json` (`mcp.servers`) in the user folder (`~/Library/Application
 *   Support/Code/User`, `%APPDATA%\Code\User`, `~/.config/Code/User`), and `.vscode/mcp.json` in a workspace.
 * - Windsurf: `~/.codeium/windsurf/mcp_config.json` on every platform.
 * - Cline: `cline_mcp_settings.json` in VS Code's global storage of `saoudrizwan.claude-dev`.
 * - Goose: `~/.config/goose/config.yaml` (macOS, Linux), `%APPDATA%\Block\goose\config\config.yaml` (Windows).
 * - Zed: `~/.config/zed/settings.json` (macOS, Linux), `%APPDATA%\Zed\settings.json` (Windows), and
 *   `.zed/settings.json` in a project (`context_servers`).
 */
export function configLocations(context: LocationContext): ConfigLocation[] {
  const { platform, home } = context;
  const join = platform === 'win32' ? path.win32.join : path.posix.join;
  const appData = context.appData ?? join(home, 'AppData', 'Roaming');
  const appSupport = platform === 'darwin' ? join(home, 'Library', 'Application Support') : platform === 'win32' ? appData : join(home, '.config');
  const vscodeUser = join(appSupport, 'Code', 'User');
  const xdgConfig = platform === 'win32' ? appData : join(home, '.config');
  const locations: ConfigLocation[] = [
    { host: 'claude-desktop', scope: 'app settings', path: join(appSupport, 'Claude', 'claude_desktop_config.json'), format: 'json', shape: 'mcpServers' },
    { host: 'claude-code', scope: 'user and local scopes', path: join(home, '.claude.json'), format: 'json', shape: 'claude-code-user' },
    { host: 'cursor', scope: 'user settings', path: join(home, '.cursor', 'mcp.json'), format: 'json', shape: 'mcpServers' },
    { host: 'vscode', scope: 'user mcp.json', path: join(vscodeUser, 'mcp.json'), format: 'json', shape: 'vscode-mcp' },
    { host: 'vscode', scope: 'user settings.json', path: join(vscodeUser, 'settings.json'), format: 'json', shape: 'vscode-settings' },
    { host: 'windsurf', scope: 'user settings', path: join(home, '.codeium', 'windsurf', 'mcp_config.json'), format: 'json', shape: 'mcpServers' },
    {
      host: 'cline',
      scope: 'extension settings',
      path: join(vscodeUser, 'globalStorage', 'saoudrizwan.claude-dev', 'settings', 'cline_mcp_settings.json'),
      format: 'json',
      shape: 'mcpServers',
    },
    {
      host: 'goose',
      scope: 'extensions',
      path: platform === 'win32' ? join(appData, 'Block', 'goose', 'config', 'config.yaml') : join(home, '.config', 'goose', 'config.yaml'),
      format: 'yaml',
      shape: 'goose',
    },
    { host: 'zed', scope: 'user settings', path: platform === 'win32' ? join(appData, 'Zed', 'settings.json') : join(xdgConfig, 'zed', 'settings.json'), format: 'json', shape: 'zed' },
  ];
  for (const dir of context.projectDirs) {
    const shown = dir.startsWith(home) ? `~${dir.slice(home.length)}` : dir;
    locations.push(
      { host: 'claude-code', scope: `project .mcp.json in ${shown}`, path: join(dir, '.mcp.json'), format: 'json', shape: 'mcpServers' },
      { host: 'cursor', scope: `project in ${shown}`, path: join(dir, '.cursor', 'mcp.json'), format: 'json', shape: 'mcpServers' },
      { host: 'vscode', scope: `workspace in ${shown}`, path: join(dir, '.vscode', 'mcp.json'), format: 'json', shape: 'vscode-mcp' },
      { host: 'zed', scope: `project in ${shown}`, path: join(dir, '.zed', 'settings.json'), format: 'json', shape: 'zed' },
    );
  }
  return locations;
}
