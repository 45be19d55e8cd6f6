/**
 * Issue #11, MCP Apps: a tool's `ui://` app renders in the chat's tool card on the sandbox origin, gets the
 * call's input and result, calls its server's tools after approval, and puts its message into the chat.
 */
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect } from './support/browser-mode.ts';
import { test } from './support/with-fake-anthropic.ts';
import { serversPage } from './support/servers-page.ts';

const appServer = fileURLToPath(new URL('../fixtures/apps/app-server.ts', import.meta.url));
test.use({ mcpServers: { apps: { command: process.execPath, args: [appServer] } } });

async function openChat(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(serversPage(page).card('apps')).toHaveAttribute('data-status', 'connected');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Chat' }).click();
}

async function send(page: Page, text: string): Promise<void> {
  const message = page.getByRole('textbox', { name: 'Message' });
  await message.fill(text);
  await message.press('Enter');
}

test('the app shows its data, calls its tool after approval, and its message lands in the chat', async ({ page, switchboard, fake }) => {
  fake.script(
    { blocks: [{ toolUse: { name: 'apps__counter', input: { start: 5 } } }] },
    { blocks: [{ text: 'Here is your counter.' }] },
    { blocks: [{ text: 'I see the counter at 6.' }] },
  );
  await openChat(page, switchboard.url);
  await send(page, 'Show me a counter');
  await page.getByRole('dialog', { name: 'Allow counter on apps?' }).getByRole('button', { name: 'Allow once' }).click();

  const card = page.getByRole('feed', { name: 'Messages' }).getByRole('region', { name: 'Tool call counter on apps' });
  const outer = card.locator('iframe[title="App of counter"]');
  await expect(outer).toHaveAttribute('src', new RegExp(`^http://127\\.0\\.0\\.1:(?!${switchboard.port}/)\\d+/sandbox\\?`));
  const app = card.frameLocator('iframe[title="App of counter"]').frameLocator('iframe');
  await expect(app.locator('#input')).toHaveText('5');
  await expect(app.locator('#count')).toHaveText('5');
  // The frame takes the height the app asked for (its content's, not the 320 px it starts with).
  const asked = Number(await app.locator('body').getAttribute('data-asked-height'));
  expect(asked).not.toBe(320);
  await expect.poll(async () => (await outer.boundingBox())?.height).toBe(asked);
  // The theme follows the page's.
  await expect(app.locator('#theme')).toHaveText('light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(app.locator('#theme')).toHaveText('dark');

  // The app-only tool was never offered to the model; the app's own tool was.
  const offered = (fake.messageRequests[0].body?.tools ?? []).map((tool) => (tool as { name: string }).name);
  expect(offered).toContain('apps__counter');
  expect(offered).not.toContain('apps__counter-add');

  await app.getByRole('button', { name: 'Add one' }).click();
  const approval = page.getByRole('dialog', { name: 'Allow counter-add on apps?' });
  await expect(approval).toContainText('The app of counter (not the model)');
  await approval.getByRole('button', { name: 'Allow once' }).click();
  await expect(app.locator('#count')).toHaveText('6');

  // A tool the app calls that has an app of its own shows that app too, under the caller's.
  await app.getByRole('button', { name: 'Show details' }).click();
  await page.getByRole('dialog', { name: 'Allow counter-details on apps?' }).getByRole('button', { name: 'Allow once' }).click();
  const details = card.frameLocator('iframe[title="App of counter-details"]').frameLocator('iframe');
  await expect(details.locator('#title')).toHaveText('Details');
  await expect(details.locator('#count')).toHaveText('6');

  // Full screen on the app's request; the person takes it back, and the app hears so.
  await app.getByRole('button', { name: 'Full screen' }).click();
  await expect(app.locator('#status')).toHaveText(/^(mode|display) fullscreen$/);
  await expect(card.locator('.app-view-fullscreen')).toBeVisible();
  await card.getByRole('button', { name: 'Exit full screen' }).click();
  await expect(app.locator('#status')).toHaveText('display inline');

  // Context for the model is shown to the person, then sent with the next turn.
  await app.getByRole('button', { name: 'Share count' }).click();
  await expect(card.getByLabel('Context the app gave the model')).toContainText('The counter is at 6');

  await app.getByRole('button', { name: 'Tell the chat' }).click();
  const fromApp = page.getByRole('feed', { name: 'Messages' }).getByRole('article', { name: 'From an app' });
  await expect(fromApp).toContainText('The counter shows 6');
  await expect(fromApp).toContainText('From the app of counter');
  await expect(page.getByRole('feed', { name: 'Messages' })).toContainText('I see the counter at 6.');
  expect(JSON.stringify(fake.messageRequests[2].body?.messages.at(-1))).toContain('The counter shows 6');
  expect(JSON.stringify(fake.messageRequests[2].body?.system)).toContain('<app_context server=\\"apps\\" tool=\\"counter\\">\\nThe counter is at 6');

  // Closing the app tells it first (`ui/resource-teardown`), then the frame goes.
  await card.getByRole('button', { name: 'Close app' }).first().click();
  await expect(card).toContainText('The app was closed.');
  await expect(card.locator('iframe')).toHaveCount(0);

  // The app's log lines and its calls are in its server's log.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Servers' }).click();
  const ui = serversPage(page);
  await ui.card('apps').getByRole('button', { name: 'apps', exact: true }).click();
  await ui.tab('Log').click();
  const log = page.getByRole('log', { name: 'apps log' });
  await expect(log).toContainText('app of counter: counter app ready');
  await expect(log).toContainText('app of counter called counter-add');
  await expect(log).toContainText('app of counter: counter app torn down');

  // Reopened after a restart, the saved conversation shows the app again, from the stored result.
  const again = await switchboard.restart();
  await page.goto(again);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Chat' }).click();
  await page.getByRole('list', { name: 'Conversations' }).getByRole('button', { name: /Show me a counter/ }).click();
  const reopened = page.getByRole('feed', { name: 'Messages' }).getByRole('region', { name: 'Tool call counter on apps' });
  const shown = reopened.frameLocator('iframe[title="App of counter"]').frameLocator('iframe');
  await expect(shown.locator('#count')).toHaveText('5');
  await expect(shown.locator('#input')).toHaveText('5');
  // What the app told the model was saved with the conversation: still shown under the app.
  await expect(reopened.getByLabel('Context the app gave the model')).toContainText('The counter is at 6');
});

test('Run tool shows the app too, fed the arguments and result of that run', async ({ page, switchboard }) => {
  const ui = serversPage(page);
  await page.goto(switchboard.url);
  await expect(ui.card('apps')).toHaveAttribute('data-status', 'connected');
  await ui.tools.getByRole('button', { name: /^counter(?![-\w])/ }).click();
  await ui.runTool.getByLabel('start').fill('42');
  await ui.runTool.getByRole('button', { name: 'Run' }).click();
  const app = ui.runTool.frameLocator('iframe[title="App of counter"]').frameLocator('iframe');
  await expect(app.locator('#input')).toHaveText('42');
  await expect(app.locator('#count')).toHaveText('42');
});

test('a saved app whose server is away says so, and shows again once the server is back', async ({ page, switchboard, fake }) => {
  fake.script({ blocks: [{ toolUse: { name: 'apps__counter', input: { start: 3 } } }] }, { blocks: [{ text: 'Counter.' }] });
  await openChat(page, switchboard.url);
  await send(page, 'A counter at three');
  await page.getByRole('dialog', { name: 'Allow counter on apps?' }).getByRole('button', { name: 'Allow once' }).click();
  const card = page.getByRole('feed', { name: 'Messages' }).getByRole('region', { name: 'Tool call counter on apps' });
  await expect(card.frameLocator('iframe[title="App of counter"]').frameLocator('iframe').locator('#count')).toHaveText('3');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Servers' }).click();
  const enable = serversPage(page).card('apps').getByRole('switch', { name: 'Enable apps' });
  await enable.click();
  await expect(enable).toHaveAttribute('aria-checked', 'false');
  await expect(serversPage(page).card('apps')).not.toHaveAttribute('data-status', 'connected');
  await page.reload();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Chat' }).click();
  await page.getByRole('list', { name: 'Conversations' }).getByRole('button', { name: /A counter at three/ }).click();
  await expect(card.getByRole('group', { name: 'App of counter' })).toContainText('The app could not be shown');
  await expect(card.getByRole('button', { name: 'Open again' })).toBeVisible();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Servers' }).click();
  await enable.click();
  await expect(serversPage(page).card('apps')).toHaveAttribute('data-status', 'connected');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Chat' }).click();
  await expect(card.frameLocator('iframe[title="App of counter"]').frameLocator('iframe').locator('#count')).toHaveText('3');
});
