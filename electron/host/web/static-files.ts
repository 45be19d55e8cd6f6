import { realpath, stat } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import path from 'node:path';

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.wasm': 'application/wasm',
  '.webmanifest': 'application/manifest+json',
};

export function contentTypeFor(filePath: string): string {
  return contentTypes[path.extname(filePath).toLowerCase()] ?? 'application/octet-stream';
}

export type StaticLookup =
  | { kind: 'file'; filePath: string; size: number; contentType: string }
  | { kind: 'bad-request' }
  | { kind: 'not-found' };

/** Decodes a URL path into its segments, refusing anything that could climb out of the root or confuse the file system. */
export function safeSegments(rawPath: string): string[] | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const segments = decoded.split('/').filter((segment) => segment !== '' && segment !== '.');
  if (segments.some((segment) => segment === '..' || /^[A-Za-z]:/.test(segment))) return null;
  return segments;
}

function isInside(root: string, candidate: string): boolean {
  return candidate === root || candidate.startsWith(root + path.sep);
}

async function statOrNull(filePath: string): Promise<Stats | null> {
  try {
    return await stat(filePath);
  } catch {
    return null;
  }
}

/**
 * Serves the built renderer: files under `root` only (checked again after following links), never a
 * directory listing, and `index.html` for paths that look like app routes so a reload keeps working.
 */
export class StaticFiles {
  private readonly root: string;

  private constructor(root: string) {
    this.root = root;
  }

  static async open(rootDir: string): Promise<StaticFiles> {
    const root = await realpath(rootDir);
    const index = await statOrNull(path.join(root, 'index.html'));
    if (!index?.isFile()) throw new Error(`no index.html in ${rootDir}`);
    return new StaticFiles(root);
  }

  async lookup(rawPath: string): Promise<StaticLookup> {
    const segments = safeSegments(rawPath);
    if (segments === null) return { kind: 'bad-request' };
    const direct = await this.fileAt(segments);
    if (direct) return direct;
    const last = segments.at(-1) ?? '';
    // A path with an extension asked for a file that is not there; anything else is a client-side route.
    if (path.extname(last) !== '') return { kind: 'not-found' };
    return (await this.fileAt(['index.html'])) ?? { kind: 'not-found' };
  }

  private async fileAt(segments: string[]): Promise<StaticLookup | null> {
    const joined = path.resolve(this.root, ...(segments.length === 0 ? ['index.html'] : segments));
    if (!isInside(this.root, joined)) return null;
    let real: string;
    try {
      real = await realpath(joined);
    } catch {
      return null;
    }
    if (!isInside(this.root, real)) return null;
    const info = await statOrNull(real);
    if (!info?.isFile()) return null;
    return { kind: 'file', filePath: real, size: info.size, contentType: contentTypeFor(real) };
  }
}
