/**
 * Issue #11 with the published MCP Apps examples, as a person adds them: `server-basic-react` (a React app
 * on the ext-apps SDK) and `server-system-monitor` (an app that polls its app-only tool).
 */
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect } from './support/browser-mode.ts';
import { test } from './support/with-fake-anthropic.ts';
import { serversPage } from './support/servers-page.ts';

function published(name: string): { command: string; args: string[] } {
  return { command: process.execPath, args: [fileURLToPath(new URL(`../../node_modules/@modelcontextprotocol/${name}/dist/index.js`, import.meta.url)), '--stdio'] };
}

async function askInChat(page: Page, url: string, server: string, text: string): Promise<void> {
  await page.goto(url);
  await expect(serversPage(page).card(server)).toHaveAttribute('data-status', 'connected', { timeout: 30_000 });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Chat' }).click();
  const message = page.getByRole('textbox', { name: 'Message' });
  await message.fill(text);
  await message.press('Enter');
}

test.describe('server-basic-react', () => {
  test.use({ mcpServers: { basic: published('server-basic-react') } });

  test('shows the server time, gets it again through the host after approval, and sends its message', async ({ page, switchboard, fake }) => {
    fake.script(
      { blocks: [{ toolUse: { name: 'basic__get-time', input: {} } }] },
      { blocks: [{ text: 'There is the time.' }] },
      { blocks: [{ text: 'Got your message.' }] },
    );
    await askInChat(page, switchboard.url, 'basic', 'What time is it?');
    await page.getByRole('dialog', { name: 'Allow get-time on basic?' }).getByRole('button', { name: 'Allow once' }).click();
    const card = page.getByRole('feed', { name: 'Messages' }).getByRole('region', { name: 'Tool call get-time on basic' });
    const app = card.frameLocator('iframe[title="App of get-time"]').frameLocator('iframe');
    const time = app.locator('code');
    await expect(time).toHaveText(/^\d{4}-\d\d-\d\dT/);
    const first = await time.innerText();

    await app.getByRole('button', { name: 'Get Server Time' }).click();
    await page.getByRole('dialog', { name: 'Allow get-time on basic?' }).getByRole('button', { name: 'Allow once' }).click();
    await expect(time).not.toHaveText(first);
    await expect(time).toHaveText(/^\d{4}-\d\d-\d\dT/);

    await app.getByRole('button', { name: 'Send Message' }).click();
    const feed = page.getByRole('feed', { name: 'Messages' });
    await expect(feed.getByRole('article', { name: 'From an app' })).toContainText('This is message text.');
    await expect(feed).toContainText('Got your message.');
  });
});

test.describe('server-system-monitor', () => {
  test.use({ mcpServers: { monitor: published('server-system-monitor') } });

  test('shows this machine, and polls its app-only tool once allowed, which the model is never offered', async ({ page, switchboard, fake }) => {
    fake.script({ blocks: [{ toolUse: { name: 'monitor__get-system-info', input: {} } }] }, { blocks: [{ text: 'Here it is.' }] });
    await askInChat(page, switchboard.url, 'monitor', 'How is my machine doing?');
    await page.getByRole('dialog', { name: 'Allow get-system-info on monitor?' }).getByRole('button', { name: 'Allow once' }).click();
    const card = page.getByRole('feed', { name: 'Messages' }).getByRole('region', { name: 'Tool call get-system-info on monitor' });
    const app = card.frameLocator('iframe[title="App of get-system-info"]').frameLocator('iframe');
    await expect(app.locator('#info-platform')).not.toBeEmpty();
    await expect(app.locator('#info-hostname')).not.toBeEmpty();

    const offered = (fake.messageRequests[0].body?.tools ?? []).map((tool) => (tool as { name: string }).name);
    expect(offered).toEqual(['monitor__get-system-info']);

    // Every poll the app makes is a call the person allows; once for this conversation is enough.
    const poll = page.getByRole('dialog', { name: 'Allow poll-system-stats on monitor?' });
    await expect(poll).toContainText('The app of get-system-info (not the model)');
    await expect(async () => {
      if (await poll.isVisible()) await poll.getByRole('button', { name: 'Allow for this conversation' }).click({ timeout: 1_000 });
      await expect(app.locator('#memory-percent')).toHaveText(/^\d+%$/, { timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
  });
});
