/**
 * The renderer bundle (issue #13): JavaScript loaded before the first screen shows (the entry, the chunks it
 * imports statically, and the Servers view the app opens on), raw and gzipped, against the 150 KB gzipped
 * target; then the chunks loaded later (other views, Markdown, each highlighting grammar). Reads out/renderer,
 * so run `npm run build` first. Baseline on main before this work: 1,136 KB initial, 236 KB gzipped.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const name = 'renderer bundle sizes';

const out = fileURLToPath(new URL('../../out/renderer', import.meta.url));
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

/** Chunks a module imports statically (`import … from "./x.js"` or `import "./x.js"` in the minified output). */
function staticImports(file: string): string[] {
  const code = readFileSync(path.join(out, 'assets', file), 'utf8');
  const found = new Set<string>();
  for (const match of code.matchAll(/import(?:[\w\s{},$*]*?from)?\s*["']\.\/([\w.-]+\.js)["']/g)) found.add(match[1]);
  return [...found];
}

function closure(roots: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...staticImports(file));
  }
  return seen;
}

export async function run(): Promise<{ lines: string[] }> {
  if (!existsSync(path.join(out, 'index.html'))) return { lines: ['out/renderer is missing: run `npm run build` first'] };
  const html = readFileSync(path.join(out, 'index.html'), 'utf8');
  const entry = /<script[^>]+src="\.\/assets\/([\w.-]+\.js)"/.exec(html)?.[1];
  if (!entry) return { lines: ['no entry script in out/renderer/index.html'] };
  const files = readdirSync(path.join(out, 'assets')).filter((file) => file.endsWith('.js'));
  const firstView = files.find((file) => file.startsWith('ServersView-'));
  const initial = closure([entry, ...(firstView ? [firstView] : [])]);
  const size = (file: string) => {
    const bytes = readFileSync(path.join(out, 'assets', file));
    return { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  };
  const lines: string[] = [];
  let raw = 0;
  let gzip = 0;
  for (const file of [...initial].sort()) {
    const { raw: r, gzip: g } = size(file);
    raw += r;
    gzip += g;
    lines.push(`  ${file.padEnd(40)} ${kb(r).padStart(10)} ${kb(g).padStart(10)} gzipped`);
  }
  lines.unshift(`initial JavaScript: ${kb(raw)}, ${kb(gzip)} gzipped (target ≤ 150 KB gzipped; main before: 1,136 KB, 236 KB gzipped)`);
  const later = files.filter((file) => !initial.has(file)).map((file) => ({ file, ...size(file) }));
  const grammars = later.filter((chunk) => !/^[A-Z]/.test(chunk.file) && !chunk.file.startsWith('use-'));
  const others = later.filter((chunk) => !grammars.includes(chunk));
  lines.push('loaded when needed:');
  for (const chunk of others.sort((a, b) => b.raw - a.raw)) lines.push(`  ${chunk.file.padEnd(40)} ${kb(chunk.raw).padStart(10)} ${kb(chunk.gzip).padStart(10)} gzipped`);
  const grammarBytes = grammars.reduce((sum, chunk) => sum + chunk.gzip, 0);
  lines.push(`  ${grammars.length} highlighting grammars, one chunk each, fetched when a code block names one: ${kb(grammarBytes)} gzipped in all, largest ${kb(Math.max(...grammars.map((chunk) => chunk.gzip)))}`);
  return { lines };
}
