import { createHash } from 'node:crypto';
import type { LaunchConfig } from '../../../shared/consent/launch-review.ts';
import { canonicalJson } from '../servers/canonical-json.ts';

/** Part of the hashed text: bump it when the canonical form changes, so old trust is asked again, never mismatched. */
const FORMAT = 'switchboard-launch/1';

function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/**
 * What trust in a server is stored against. Anything that changes what runs (command, arguments, working
 * folder, environment) or where requests go (URL, which headers are sent) gives a new fingerprint, so the
 * person is asked again. Env values enter only as their own hashes: the canonical text never holds a
 * secret. Header values are left out, so rotating a token does not ask again.
 */
export function launchFingerprint(config: LaunchConfig): string {
  return sha256(canonicalJson(canonicalLaunch(config)));
}

/** Exported for tests, which pin the exact form. */
export function canonicalLaunch(config: LaunchConfig): Record<string, unknown> {
  if ('command' in config) {
    const env = config.env ?? {};
    return {
      format: FORMAT,
      transport: 'stdio',
      command: config.command,
      args: [...(config.args ?? [])],
      cwd: config.cwd ?? null,
      env: Object.keys(env)
        .sort()
        .map((key) => [key, sha256(env[key])]),
    };
  }
  return {
    format: FORMAT,
    transport: config.type === 'sse' ? 'sse' : 'http',
    url: config.url,
    // Header names are case-insensitive (RFC 9110 § 5.1): `Authorization` and `authorization` are one header.
    headers: [...new Set(Object.keys(config.headers ?? {}).map((name) => name.toLowerCase()))].sort(),
  };
}
