import { ICON_MAX_BYTES } from '../../../../shared/api/icons-api.ts';

/** Raster types only: an SVG is a document that can carry script, so it is never shown. */
export const RASTER_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export type RasterType = (typeof RASTER_TYPES)[number];

export class IconRefused extends Error {
  /** A network failure, timeout or server error: worth asking again later, unlike a refused icon. */
  readonly transient: boolean;

  constructor(message: string, transient = false) {
    super(message);
    this.transient = transient;
  }
}

/** The type the bytes themselves say, whatever the header or `mimeType` claims. */
export function sniffRaster(bytes: Uint8Array): RasterType | undefined {
  const starts = (...values: number[]) => values.every((value, index) => bytes[index] === value);
  const ascii = (from: number, text: string) => [...text].every((char, index) => bytes[from + index] === char.charCodeAt(0));
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (ascii(0, 'GIF87a') || ascii(0, 'GIF89a')) return 'image/gif';
  if (ascii(0, 'RIFF') && ascii(8, 'WEBP')) return 'image/webp';
  return undefined;
}

/** A declared type (header, `mimeType`, `data:` media type) may be absent, but when present it must be raster. */
export function checkDeclaredType(declared: string | undefined): void {
  if (!declared) return;
  const type = declared.split(';')[0]!.trim().toLowerCase();
  if (!(RASTER_TYPES as readonly string[]).includes(type)) throw new IconRefused(`type ${type} is not a raster image (png, jpeg, gif, webp)`);
}

/** Checked bytes as the `data:` URI the renderer shows; the type is the sniffed one. */
export function toDataUri(bytes: Uint8Array, declared: string | undefined): string {
  if (bytes.byteLength > ICON_MAX_BYTES) throw new IconRefused(`larger than ${ICON_MAX_BYTES} bytes`);
  checkDeclaredType(declared);
  const type = sniffRaster(bytes);
  if (!type) throw new IconRefused('content is not a png, jpeg, gif or webp image');
  return `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;
}

const DATA_URI = /^data:([^,;]*)((?:;[^,;]*)*),(.*)$/is;

export function decodeDataUri(src: string): { bytes: Uint8Array; type: string | undefined } {
  const match = DATA_URI.exec(src);
  if (!match) throw new IconRefused('not a well-formed data: URI');
  const params = match[2]!.toLowerCase().split(';');
  if (!params.includes('base64')) throw new IconRefused('a data: icon must be base64');
  const payload = match[3]!.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(payload)) throw new IconRefused('data: URI is not valid base64');
  return { bytes: Buffer.from(payload, 'base64'), type: match[1] || undefined };
}
