import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The folder holding this package's package.json: found by walking up from the running file, because that file
 * sits at a different depth as source (electron/host/cli/) and bundled (out/cli/chunks/).
 */
export function packageRoot(from: string = import.meta.url): string {
  const start = path.dirname(fileURLToPath(from));
  for (let folder = start; ; folder = path.dirname(folder)) {
    if (existsSync(path.join(folder, 'package.json'))) return folder;
    if (path.dirname(folder) === folder) return start;
  }
}
