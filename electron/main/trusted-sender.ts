// Pure (no electron import) so it is tested in plain Node.

export const APP_SCHEME = 'app';
export const APP_HOST = 'switchboard';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

/**
 * IPC is answered only for our own top-level page: the packaged `app://switchboard` origin, or the dev
 * server's exact origin while developing. Anything else (a frame, a navigated-away page) is refused.
 */
export function isTrustedSenderUrl(url: string | undefined, devServerUrl?: string): boolean {
  if (!url) return false;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (`${parsed.protocol}//${parsed.host}` === APP_ORIGIN) return true;
  if (devServerUrl) {
    try {
      const dev = new URL(devServerUrl);
      const loopback = dev.hostname === 'localhost' || dev.hostname === '127.0.0.1';
      return loopback && parsed.origin === dev.origin;
    } catch {
      return false;
    }
  }
  return false;
}

/** Maps an `app://switchboard/...` request to a file below the renderer folder, or undefined when it would escape it. */
export function rendererFileFor(requestUrl: string, rendererDir: string, join: (...parts: string[]) => string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(requestUrl);
  } catch {
    return undefined;
  }
  if (parsed.host !== APP_HOST) return undefined;
  let pathname: string;
  try {
    pathname = decodeURIComponent(parsed.pathname);
  } catch {
    return undefined;
  }
  const segments = pathname.split('/').filter((segment) => segment !== '' && segment !== '.');
  if (segments.some((segment) => segment === '..' || segment.includes('\\') || segment.includes('\0'))) return undefined;
  return segments.length === 0 ? join(rendererDir, 'index.html') : join(rendererDir, ...segments);
}
