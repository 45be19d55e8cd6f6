import type { ImportCandidate } from '../api/servers-api.ts';

/** The other MCP hosts whose configuration files Switchboard knows how to find and read. */
export const OTHER_HOSTS = ['claude-desktop', 'claude-code', 'cursor', 'vscode', 'windsurf', 'cline', 'goose', 'zed'] as const;
export type OtherHost = (typeof OTHER_HOSTS)[number];

export const otherHostNames: Record<OtherHost, string> = {
  'claude-desktop': 'Claude Desktop',
  'claude-code': 'Claude Code',
  cursor: 'Cursor',
  vscode: 'VS Code',
  windsurf: 'Windsurf',
  cline: 'Cline',
  goose: 'Goose',
  zed: 'Zed',
};

/**
 * A server found in another host's file. Its env and header values are markers (shared/servers/stored-values.ts):
 * the host reads the file again when the person imports it, so another program's secrets never reach the window.
 * `present`: the same launch is configured here already (as `presentAs`). `clash`: another server has that
 * name here; `rename` is a free name to add it under instead, or the person skips it.
 */
export interface DiscoveredServer extends Omit<ImportCandidate, 'exists'> {
  status: 'new' | 'present' | 'clash';
  presentAs?: string;
  rename?: string;
}

export interface DiscoveredFile {
  host: OtherHost;
  /** What the file is, in words: "user settings", "project .mcp.json in ~/src/app". */
  scope: string;
  path: string;
  /** The file exists but could not be read or parsed; `servers` is then empty. */
  error?: string;
  servers: DiscoveredServer[];
}

export interface DiscoveryResult {
  files: DiscoveredFile[];
  /** Files looked for and not there, so the dialog can say where it looked. */
  searched: number;
}
