/**
 * Issue #11, MCP Apps security: an app (the fixture's counter, told the host's port) tries to escape its frame
 * and each attempt fails: the page's DOM, storage and cookies, the top window, popups, the host's API over
 * HTTP and WebSocket, a script from a domain it did not declare, a link without the person's consent.
 */
import { fileURLToPath } from 'node:url';
import { expect } from './support/browser-mode.ts';
import { test } from './support/with-fake-anthropic.ts';
import { serversPage } from './support/servers-page.ts';

const appServer = fileURLToPath(new URL('../fixtures/apps/app-server.ts', import.meta.url));
test.use({ mcpServers: { apps: { command: process.execPath, args: [appServer] } } });

test('the app cannot reach the page, its storage, the top window, popups, the host API or undeclared scripts', async ({ page, switchboard, fake }) => {
  fake.script({ blocks: [{ toolUse: { name: 'apps__counter', input: { start: 1, probePort: switchboard.port } } }] }, { blocks: [{ text: 'Ok.' }] });
  await page.goto(switchboard.url);
  await expect(serversPage(page).card('apps')).toHaveAttribute('data-status', 'connected');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Chat' }).click();
  await page.getByRole('textbox', { name: 'Message' }).fill('Counter please');
  await page.getByRole('textbox', { name: 'Message' }).press('Enter');
  await page.getByRole('dialog', { name: 'Allow counter on apps?' }).getByRole('button', { name: 'Allow once' }).click();
  const card = page.getByRole('feed', { name: 'Messages' }).getByRole('region', { name: 'Tool call counter on apps' });
  const app = card.frameLocator('iframe[title="App of counter"]').frameLocator('iframe');
  await expect(app.locator('#count')).toHaveText('1');
  await app.getByRole('button', { name: 'Try to escape' }).click();
  const report = app.locator('#attacks');
  await expect(report).toContainText('done', { timeout: 15_000 });
  const text = await report.innerText();
  for (const attack of ['parent-dom', 'top-dom', 'storage', 'top-storage', 'cookie', 'popup', 'top-navigation', 'host-api-http', 'host-api-socket', 'undeclared-script']) {
    expect(text, attack).toContain(`${attack}: blocked`);
  }
  expect(text).toMatch(/violations: .*connect-src/);
  expect(text).toMatch(/violations: .*script-src/);
  await expect(page).toHaveURL(new RegExp(`^http://127\\.0\\.0\\.1:${switchboard.port}/`));

  // A link goes through the same consent as any other: nothing opens unless the person says so.
  await app.getByRole('button', { name: 'Open docs' }).click();
  const question = page.getByRole('dialog').filter({ hasText: 'https://example.com/docs' });
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: /Don.t open|Cancel|Decline/ }).first().click();
  await expect(app.locator('#status')).toHaveText('link refused');
});
