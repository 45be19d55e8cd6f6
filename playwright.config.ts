import { defineConfig } from '@playwright/test';

// Browser mode for real: each test starts `switchboard serve` over a temp data dir (tests/e2e/support) and
// drives the built renderer in Chromium. `npm test` builds first; run `npx electron-vite build` before
// `npx playwright test` by hand. The CLI bundle `serve` runs is rebuilt by the global setup when stale.
export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/support/cli-bundle.ts',
  testMatch: '**/*.spec.ts',
  workers: 1,
  fullyParallel: false,
  timeout: 90_000,
  expect: { timeout: 20_000 },
  reporter: 'list',
  retries: 0,
  outputDir: 'test-results',
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
      ],
    },
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
