import type { Host } from '../host.ts';
import { CliError } from './cli-error.ts';
import { oneLine } from './terminal-text.ts';

/**
 * `--attach` values → the server and URI of each. `SERVER:URI` names the server; a bare URI belongs to the one
 * connected server that lists it, or, when none lists it (a template's URI), to the one server offering resources.
 */
export function resolveAttachments(host: Host, values: readonly string[], usage: string): { server: string; uri: string }[] {
  const connected = host.servers
    .list()
    .filter((state) => state.status === 'connected')
    .sort((a, b) => a.name.localeCompare(b.name));
  return values.map((value) => {
    const colon = value.indexOf(':');
    const named = colon > 0 ? value.slice(0, colon) : undefined;
    if (named !== undefined && connected.some((state) => state.name === named)) return { server: named, uri: value.slice(colon + 1) };
    const listing = connected.filter((state) => host.servers.catalog(state.name).resources.some((resource) => resource.uri === value));
    if (listing.length === 1) return { server: listing[0].name, uri: value };
    const offering = connected.filter((state) => state.capabilities?.resources !== undefined);
    const candidates = listing.length > 1 ? listing : offering;
    if (listing.length === 0 && offering.length === 1) return { server: offering[0].name, uri: value };
    if (candidates.length === 0) throw new CliError(`--attach ${oneLine(value)}: no connected server offers resources`);
    throw CliError.usage(
      `--attach ${oneLine(value)}: more than one server could hold it (${candidates.map((state) => oneLine(state.name)).join(', ')}); write SERVER:URI`,
      usage,
    );
  });
}
