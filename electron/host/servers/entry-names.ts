import { HostError } from '../../../shared/api/host-error.ts';
import { redactUrl } from '../../../shared/servers/redact-url.ts';
import { isStdioConfig, serverNameSchema, transportOf } from '../../../shared/servers/server-config.ts';
import type { ServerConfig } from '../../../shared/servers/server-config.ts';

export function notFound(name: string): HostError {
  return new HostError('not_found', `no server named "${name}"`);
}

export function checkName(name: string): string {
  const parsed = serverNameSchema.safeParse(name);
  if (!parsed.success) throw new HostError('invalid_params', `server name "${name}": ${parsed.error.issues[0]?.message}`);
  return parsed.data;
}

/** The log's start line. Of a URL only origin and path: query strings and user:password often carry tokens. */
export function describeStart(config: ServerConfig, era: string | undefined): string {
  const how = config.protocolVersion
    ? `speaking ${config.protocolVersion} (the protocolVersion of its entry)`
    : era
      ? `as a ${era}-era server (remembered)`
      : 'probing its protocol era';
  if (isStdioConfig(config)) return `starting ${config.command} ${how}`;
  return `connecting to ${redactUrl(config.url)} over ${transportOf(config)} ${how}`;
}
