import type { Icon } from '@modelcontextprotocol/client';

const RASTER = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

/**
 * The icon to ask the host for (Basic → Icons): never one declared as anything but a raster image, and one made
 * for the page's background (`theme: 'dark'` is for a dark one) before one made for the other.
 */
export function pickIcon(icons: unknown, theme: 'light' | 'dark'): string | undefined {
  if (!Array.isArray(icons)) return undefined;
  const usable = (icons as Partial<Icon>[]).filter(
    (icon) => typeof icon?.src === 'string' && icon.src.length > 0 && (icon.mimeType === undefined || RASTER.includes(icon.mimeType.toLowerCase())),
  );
  const rank = (icon: Partial<Icon>) => (icon.theme === theme ? 0 : icon.theme === undefined ? 1 : 2);
  return usable.sort((a, b) => rank(a) - rank(b))[0]?.src;
}
