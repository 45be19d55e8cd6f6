import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fixtureStdio } from '../fixtures/servers/launch.ts';
import { test as base, expect } from './support/browser-mode.ts';
import { consoleErrors, serversPage } from './support/servers-page.ts';

/**
 * A fake home for the host, where Claude Desktop and Cursor have servers (Linux paths), and no API key: the
 * first run as a person who used other MCP apps before would see it.
 */
const test = base.extend<{ fakeHome: string }>({
  fakeHome: async ({}, use) => {
    const home = mkdtempSync(path.join(os.tmpdir(), 'switchboard-home-'));
    const write = (file: string, value: unknown) => {
      mkdirSync(path.dirname(path.join(home, file)), { recursive: true });
      writeFileSync(path.join(home, file), JSON.stringify(value));
    };
    write('.config/Claude/claude_desktop_config.json', { mcpServers: { modern: fixtureStdio('modern'), legacy: fixtureStdio('legacy') } });
    write('.cursor/mcp.json', { mcpServers: { modern: fixtureStdio('modern', ['--name', 'cursor-copy']) } });
    await use(home);
    rmSync(home, { recursive: true, force: true });
  },
  hostEnv: async ({ fakeHome }, use) => use({ HOME: fakeHome, ANTHROPIC_API_KEY: '', OPENAI_API_KEY: '' }),
  trustConfig: false,
});

test('first run: what a server is, where a key comes from, servers found on disk imported in one review, trusted one and then all', async ({ page, switchboard }) => {
  const errors = consoleErrors(page);
  const ui = serversPage(page);
  await page.goto(switchboard.url);

  await expect(page.getByRole('heading', { name: 'No servers yet' })).toBeVisible();
  await expect(page.getByText('An MCP server gives the model tools and data')).toBeVisible();
  const key = page.getByRole('region', { name: 'API key' });
  await expect(key).toContainText('console.anthropic.com');
  const found = page.getByRole('region', { name: 'Found on this computer' });
  await expect(found).toContainText('3 servers in Claude Desktop, Cursor');
  await expect(page.getByRole('region', { name: 'Reference servers' }).getByRole('listitem')).toHaveCount(5);

  await found.getByRole('button', { name: 'Review and import' }).click();
  const dialog = ui.dialog('Import from other apps');
  const desktop = dialog.getByRole('region', { name: 'Claude Desktop' });
  await expect(desktop.getByRole('listitem', { name: 'modern' })).toContainText('New');
  await expect(desktop.getByRole('listitem', { name: 'legacy' })).toContainText('New');
  const clash = dialog.getByRole('region', { name: 'Cursor' }).getByRole('listitem', { name: 'modern' });
  await expect(clash).toContainText('Name taken: skipped');
  await clash.getByRole('checkbox').check();
  await expect(clash).toContainText('adds as modern-cursor');
  await dialog.getByRole('button', { name: 'Import 3 servers' }).click();
  await expect(dialog).toBeHidden();

  // Nothing runs before the review: one dialog for the three launches, each with what it runs.
  const review = ui.dialog('Start 3 servers?');
  await expect(review).toBeVisible();
  for (const name of ['modern', 'legacy', 'modern-cursor']) await expect(ui.card(name)).toHaveAttribute('data-status', 'awaiting-trust');
  const cursorCopy = review.getByRole('listitem', { name: 'modern-cursor' });
  await expect(cursorCopy).toContainText('--name cursor-copy');
  await cursorCopy.getByRole('button', { name: 'Trust modern-cursor' }).click();
  await expect(ui.card('modern-cursor')).toHaveAttribute('data-status', 'connected');
  await expect(ui.dialog('Start 2 servers?')).toBeVisible();
  await ui.dialog('Start 2 servers?').getByRole('button', { name: 'Trust all 2' }).click();
  await expect(ui.card('modern')).toHaveAttribute('data-status', 'connected');
  await expect(ui.card('legacy')).toHaveAttribute('data-status', 'connected');
  expect(errors).toEqual([]);
});

test('first run: a reference server is added in one click and still waits for the trust review', async ({ page, switchboard }) => {
  const ui = serversPage(page);
  await page.goto(switchboard.url);
  await page.getByRole('region', { name: 'Reference servers' }).getByRole('listitem', { name: 'Memory' }).getByRole('button', { name: 'Add' }).click();
  const review = page.getByRole('dialog', { name: 'Start memory?' });
  await expect(review).toContainText('@modelcontextprotocol/server-memory');
  await review.getByRole('button', { name: 'Don’t start' }).click();
  await expect(ui.card('memory')).toHaveAttribute('data-status', 'untrusted');
  expect((await switchboard.readConfig()).mcpServers).toHaveProperty('memory');
});
