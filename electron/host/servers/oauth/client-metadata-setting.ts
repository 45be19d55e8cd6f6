import { HostError } from '../../../../shared/api/host-error.ts';
import type { OAuthSettings } from '../../../../shared/api/auth-api.ts';
import type { SettingsStore } from '../../store/database.ts';

const KEY = 'oauth.clientMetadataUrl';

/**
 * The URL of Switchboard's client ID metadata document (MCP Authorization → Client ID Metadata Documents),
 * offered first to authorization servers that accept them. Set in Settings, or for one run with
 * `--client-metadata-url`, which wins.
 */
export class ClientMetadataSetting {
  private readonly settings: SettingsStore;
  private readonly fromCommandLine: string | undefined;

  constructor(settings: SettingsStore, fromCommandLine?: string) {
    this.settings = settings;
    this.fromCommandLine = fromCommandLine === undefined ? undefined : checkMetadataUrl(fromCommandLine);
  }

  url(): string | undefined {
    return this.fromCommandLine ?? this.settings.get<string | undefined>(KEY, undefined);
  }

  view(): OAuthSettings {
    const url = this.url();
    return { ...(url ? { clientMetadataUrl: url } : {}), fromCommandLine: this.fromCommandLine !== undefined };
  }

  set(url: string | null): OAuthSettings {
    this.settings.set(KEY, url === null ? undefined : checkMetadataUrl(url));
    return this.view();
  }
}

/** The document's URL is the client ID itself: https with a path, as the SDK and the spec require. */
export function checkMetadataUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new HostError('invalid_params', `the client metadata URL is not a URL: ${value}`);
  }
  if (url.protocol !== 'https:' || url.pathname === '/' || url.hash !== '') {
    throw new HostError('invalid_params', 'the client metadata URL must be https with a path (the document it serves names that same URL as its client_id), without a #fragment');
  }
  return url.href;
}
