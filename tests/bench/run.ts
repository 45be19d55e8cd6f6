/**
 * Runs every `*.bench.ts` in this folder, one after the other, and prints the figures each reports.
 * A bench module exports `name` and `run(): Promise<{ lines: string[] }>`; it measures and prints, never asserts.
 *
 * Usage: node tests/bench/run.ts [filter]   (filter: a substring of the file name or the bench name)
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export interface BenchModule {
  name: string;
  run(): Promise<{ lines: string[] }>;
}

const here = path.dirname(fileURLToPath(import.meta.url));
const filter = process.argv[2];
const files = readdirSync(here)
  .filter((file) => file.endsWith('.bench.ts'))
  .sort();

let failed = 0;
let ran = 0;
for (const file of files) {
  const bench = (await import(pathToFileURL(path.join(here, file)).href)) as BenchModule;
  if (filter !== undefined && !file.includes(filter) && !bench.name.includes(filter)) continue;
  ran++;
  console.log(`== ${bench.name} (${file})`);
  const started = performance.now();
  try {
    const { lines } = await bench.run();
    for (const line of lines) console.log(`   ${line}`);
    console.log(`   (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  } catch (error) {
    failed++;
    console.log(`   bench failed: ${(error as Error).stack ?? String(error)}`);
  }
}
if (ran === 0) console.log(filter === undefined ? 'no benches found' : `no bench matches "${filter}"`);
process.exitCode = failed > 0 ? 1 : 0;
