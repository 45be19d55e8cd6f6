// The import column of DESIGN.md's layout table, as lint enforces it: a wrong import fails the build.
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { ESLint } from 'eslint';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: repoRoot });

async function importViolations(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: path.join(repoRoot, file) });
  return result.messages.filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message);
}

const cases: { file: string; source: string; allowed: boolean }[] = [
  { file: 'electron/host/servers/new-module.ts', source: "import { app } from 'electron';\nvoid app;\n", allowed: false },
  { file: 'electron/host/servers/new-module.ts', source: "import { readFile } from 'node:fs/promises';\nvoid readFile;\n", allowed: true },
  { file: 'electron/host/servers/new-module.ts', source: "import { x } from '../../main/index.ts';\nvoid x;\n", allowed: false },
  { file: 'renderer/src/features/new-module.ts', source: "import { readFile } from 'node:fs/promises';\nvoid readFile;\n", allowed: false },
  { file: 'renderer/src/features/new-module.ts', source: "import path from 'path';\nvoid path;\n", allowed: false },
  { file: 'renderer/src/features/new-module.ts', source: "import { ipcRenderer } from 'electron';\nvoid ipcRenderer;\n", allowed: false },
  { file: 'renderer/src/features/new-module.ts', source: "import { Host } from '../../../electron/host/host.ts';\nvoid Host;\n", allowed: false },
  { file: 'renderer/src/features/new-module.ts', source: "import { hostMethods } from '../../../shared/api/host-api.ts';\nvoid hostMethods;\n", allowed: true },
  { file: 'shared/new-module.ts', source: "import path from 'node:path';\nvoid path;\n", allowed: false },
  { file: 'shared/new-module.ts', source: "import { Host } from '../electron/host/host.ts';\nvoid Host;\n", allowed: false },
  { file: 'electron/preload/new-module.ts', source: "import { Host } from '../host/host.ts';\nvoid Host;\n", allowed: false },
  { file: 'electron/main/new-module.ts', source: "import { app } from 'electron';\nvoid app;\n", allowed: true },
];

for (const { file, source, allowed } of cases) {
  const imported = /from '([^']+)'/.exec(source)?.[1];
  test(`${file} ${allowed ? 'may' : 'may not'} import ${imported}`, async () => {
    const violations = await importViolations(file, source);
    if (allowed) assert.deepEqual(violations, []);
    else assert.equal(violations.length, 1, `expected lint to refuse the import; got ${JSON.stringify(violations)}`);
  });
}
