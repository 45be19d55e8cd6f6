import { ICON_MAX_BYTES } from '../../../../shared/api/icons-api.ts';
import { IconRefused, RASTER_TYPES, checkDeclaredType, decodeDataUri, toDataUri } from './icon-bytes.ts';

export type IconFetch = (url: string, init: RequestInit) => Promise<Response>;

export interface IconFetchOptions {
  fetch?: IconFetch;
  timeoutMs?: number;
  /** Tests only: lets `http:` stand in for `https:` so a local server can play the server's origin. */
  allowHttp?: boolean;
}

/**
 * Where an icon may come from (Basic → Icons, security considerations): a `data:` URI, or an https URL on the
 * origin of the server's own address. A stdio server has no origin, so only `data:` icons.
 */
export function iconUrl(src: string, serverUrl: string | undefined, allowHttp = false): URL | 'data' {
  if (/^data:/i.test(src)) return 'data';
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    throw new IconRefused('not an absolute URL');
  }
  const schemes = allowHttp ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(url.protocol)) throw new IconRefused(`only data: and https: icons are fetched, not ${url.protocol}`);
  if (url.username || url.password) throw new IconRefused('an icon URL must not carry credentials');
  if (!serverUrl) throw new IconRefused('a stdio server has no origin; only data: icons are shown');
  const serverOrigin = URL.parse(serverUrl)?.origin;
  if (!serverOrigin || serverOrigin === 'null') throw new IconRefused("the server's address has no origin");
  if (url.origin !== serverOrigin) throw new IconRefused(`not on the server's own origin ${serverOrigin}`);
  return url;
}

/** The icon as a checked `data:` URI, or `IconRefused` saying why not. */
export async function fetchIcon(src: string, serverUrl: string | undefined, options: IconFetchOptions = {}): Promise<string> {
  const where = iconUrl(src, serverUrl, options.allowHttp);
  if (where === 'data') {
    const { bytes, type } = decodeDataUri(src);
    return toDataUri(bytes, type);
  }
  const response = await (options.fetch ?? fetch)(where.href, {
    // A redirect could leave the origin, so none is followed.
    redirect: 'manual',
    credentials: 'omit',
    headers: { accept: RASTER_TYPES.join(', ') },
    signal: AbortSignal.timeout(options.timeoutMs ?? 5_000),
  }).catch((error: unknown) => {
    throw new IconRefused(`fetch failed: ${(error as Error).message}`, true);
  });
  if (response.status !== 200) {
    await response.body?.cancel().catch(() => undefined);
    throw new IconRefused(response.status >= 300 && response.status < 400 ? 'redirects are not followed' : `answered HTTP ${response.status}`, response.status >= 500);
  }
  const declared = response.headers.get('content-type') ?? undefined;
  try {
    checkDeclaredType(declared);
  } catch (error) {
    await response.body?.cancel().catch(() => undefined);
    throw error;
  }
  return toDataUri(await readCapped(response), declared);
}

async function readCapped(response: Response): Promise<Uint8Array> {
  const length = Number(response.headers.get('content-length'));
  if (length > ICON_MAX_BYTES) {
    await response.body?.cancel().catch(() => undefined);
    throw new IconRefused(`larger than ${ICON_MAX_BYTES} bytes`);
  }
  const reader = response.body?.getReader();
  if (!reader) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > ICON_MAX_BYTES) {
        await reader.cancel().catch(() => undefined);
        throw new IconRefused(`larger than ${ICON_MAX_BYTES} bytes`);
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof IconRefused) throw error;
    throw new IconRefused(`fetch failed: ${(error as Error).message}`, true);
  }
  return Buffer.concat(chunks);
}
