// Lint enforces the layout in DESIGN.md: which runtime a file runs in decides what it may import.
import tseslint from 'typescript-eslint';

const nodeBuiltins = [
  'assert', 'buffer', 'child_process', 'crypto', 'dns', 'events', 'fs', 'fs/promises', 'http', 'https', 'net',
  'os', 'path', 'process', 'readline', 'stream', 'tls', 'url', 'util', 'worker_threads', 'zlib',
];

const noNode = {
  patterns: [{ group: ['node:*'], message: 'this code also runs outside Node: no node: imports here.' }],
  paths: [
    { name: 'electron', message: 'only electron/main and electron/preload may import electron.' },
    ...nodeBuiltins.map((name) => ({ name, message: 'this code also runs outside Node: no Node built-ins here.' })),
  ],
};

function restrict(extraPatterns, extraPaths = []) {
  return ['error', { patterns: [...extraPatterns], paths: [...extraPaths] }];
}

export default tseslint.config(
  {
    ignores: ['node_modules/**', 'out/**', 'dist/**', 'test-results/**', 'playwright-report/**', '.tmp/**', '.bench/**'],
  },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'separate-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        { selector: 'TSEnumDeclaration', message: 'enums are not erasable; use a union of string literals.' },
      ],
    },
  },
  {
    files: ['shared/**/*.ts'],
    ignores: ['shared/**/*.test.ts'],
    rules: {
      'no-restricted-imports': restrict(
        [...noNode.patterns, { group: ['**/electron/**', '**/renderer/**'], message: 'shared/ imports nothing above it.' }],
        noNode.paths,
      ),
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': restrict(
        [...noNode.patterns, { group: ['**/electron/**'], message: 'the renderer reaches the host only through HostApi.' }],
        noNode.paths,
      ),
    },
  },
  {
    files: ['electron/host/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict(
        // Relative paths climb out with any number of ../, so match the folder names: the host core has no main/ or preload/ of its own.
        [{ group: ['**/renderer/**', '**/main/**', '**/preload/**'], message: 'the host core imports only shared/ and Node.' }],
        [{ name: 'electron', message: 'the host core runs in plain Node (tests, CLI, browser mode): never import electron here.' }],
      ),
    },
  },
  {
    files: ['electron/preload/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict(
        [{ group: ['**/electron/host/**', '../host/**', '**/renderer/**'], message: 'the preload only forwards HostApi calls.' }],
      ),
    },
  },
  {
    files: ['electron/main/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict([{ group: ['**/renderer/**'], message: 'main never imports renderer code.' }]),
    },
  },
);
