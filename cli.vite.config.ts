import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig } from 'vite';

// The `switchboard` command as plain JavaScript (out/cli/main.js), so it starts without type stripping and runs
// from an installed package, where Node refuses to strip types under node_modules. Runtime dependencies stay
// imports, as npm installs them beside the package; everything else (shared/, punycode.js) is bundled in.
const root = import.meta.dirname;
const packageJson = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
const dependencies = Object.keys(packageJson.dependencies);

export default defineConfig({
  root,
  publicDir: false,
  logLevel: 'warn',
  ssr: { target: 'node', noExternal: true, external: dependencies },
  build: {
    ssr: resolve(root, 'electron/host/cli/main.ts'),
    outDir: resolve(root, 'out/cli'),
    emptyOutDir: true,
    target: 'node24',
    minify: false,
    sourcemap: true,
    rolldownOptions: {
      output: { format: 'es', entryFileNames: 'main.js', chunkFileNames: 'chunks/[name]-[hash].js' },
    },
  },
});
