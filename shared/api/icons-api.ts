import { z } from 'zod';

/** A fetched icon is at most 64 KiB; its `data:` form is a third larger, plus the header. */
export const ICON_MAX_BYTES = 64 * 1024;
const SRC_MAX_CHARS = Math.ceil((ICON_MAX_BYTES * 4) / 3) + 256;

export const iconsMethods = {
  /**
   * One icon a server listed (Basic → Icons: `src`, `mimeType`, `sizes`, `theme`), as a checked `data:` URI the
   * renderer's CSP allows. The host fetches it only from a `data:` URI or the server's own https origin.
   */
  'servers.icon': z.object({ server: z.string().min(1), src: z.string().min(1).max(SRC_MAX_CHARS) }).strict(),
} as const;

/** `dataUri` when the icon passed every check; otherwise `refused` says which one it failed. */
export interface ServerIcon {
  dataUri?: string;
  refused?: string;
}

export interface IconsResults {
  'servers.icon': ServerIcon;
}
