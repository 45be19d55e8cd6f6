/** Decoded size of base64 data, without decoding it (blobs can be large). */
export function base64Bytes(data: string): number {
  const clean = data.replace(/\s+/g, '');
  if (clean === '') return 0;
  const padding = clean.endsWith('==') ? 2 : clean.endsWith('=') ? 1 : 0;
  return Math.floor((clean.length * 3) / 4) - padding;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}

export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
  return `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
}

/** Only image and audio types a browser renders inertly go into a data: URL (an SVG in <img> runs no script); anything else is shown as a blob. */
export function isSafeMediaType(mimeType: string | undefined, kind: 'image' | 'audio'): boolean {
  if (!mimeType) return false;
  const type = mimeType.toLowerCase().split(';', 1)[0].trim();
  if (kind === 'image') return /^image\/(png|jpeg|gif|webp|avif|bmp|svg\+xml|x-icon|vnd\.microsoft\.icon)$/.test(type);
  return /^audio\/(mpeg|mp3|wav|x-wav|wave|ogg|webm|aac|mp4|flac|x-flac)$/.test(type);
}
