import type { RootEntry } from '../../../../../shared/consent/human-settings.ts';

export type RootInput = { path: string; name?: string };

/** `roots.set` replaces the whole list: the current roots as it takes them, names kept. */
export function asInputs(roots: readonly RootEntry[]): RootInput[] {
  return roots.map((root) => ({ path: root.path, name: root.name }));
}

/** Trailing separators do not make another folder. */
function samePath(a: string, b: string): boolean {
  const trim = (path: string) => (path.length > 1 ? path.replace(/[\\/]+$/, '') : path);
  return trim(a) === trim(b);
}

export function withRoot(roots: readonly RootEntry[], path: string, name: string): { ok: true; roots: RootInput[] } | { ok: false; error: string } {
  const folder = path.trim();
  if (folder === '') return { ok: false, error: 'Type the folder’s full path first.' };
  if (roots.some((root) => samePath(root.path, folder))) return { ok: false, error: 'This folder is already listed.' };
  const label = name.trim();
  return { ok: true, roots: [...asInputs(roots), { path: folder, ...(label ? { name: label } : {}) }] };
}

export function withoutRoot(roots: readonly RootEntry[], path: string): RootInput[] {
  return asInputs(roots.filter((root) => root.path !== path));
}
