import type { DiscoveredFile, DiscoveredServer, OtherHost } from '../../../../../shared/servers/discovered-config.ts';
import { OTHER_HOSTS } from '../../../../../shared/servers/discovered-config.ts';

export interface Pick {
  path: string;
  name: string;
  as: string;
}

/** A server's key in the dialog: the file it is in and its name there. */
export function pickKey(file: DiscoveredFile, server: DiscoveredServer): string {
  return `${file.path}\u0000${server.name}`;
}

export function importable(server: DiscoveredServer): boolean {
  return server.config !== undefined && server.error === undefined && server.status !== 'present';
}

/** New servers are ticked; a clash must be chosen on purpose (under its suggested name), a present one cannot be. */
export function initialPicks(files: readonly DiscoveredFile[]): Set<string> {
  const picked = new Set<string>();
  for (const file of files) for (const server of file.servers) if (importable(server) && server.status === 'new') picked.add(pickKey(file, server));
  return picked;
}

export function picksFor(files: readonly DiscoveredFile[], chosen: ReadonlySet<string>): Pick[] {
  const picks: Pick[] = [];
  for (const file of files) {
    for (const server of file.servers) {
      if (!chosen.has(pickKey(file, server)) || !importable(server)) continue;
      picks.push({ path: file.path, name: server.name, as: server.status === 'clash' && server.rename ? server.rename : server.name });
    }
  }
  return picks;
}

/** Files by host, in the order hosts are listed, each host once. */
export function byHost(files: readonly DiscoveredFile[]): [OtherHost, DiscoveredFile[]][] {
  return OTHER_HOSTS.map((host) => [host, files.filter((file) => file.host === host)] as [OtherHost, DiscoveredFile[]]).filter(([, list]) => list.length > 0);
}
