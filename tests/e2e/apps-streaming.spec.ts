/**
 * Issue #11, MCP Apps, streamed input: while the model is still writing a call of a tool with an app, the card
 * and its app show, and the app gets the arguments so far (`ui/notifications/tool-input-partial`); what it asks
 * of the host is refused until the person approves the call; then the input it runs with, then its result.
 */
import { fileURLToPath } from 'node:url';
import { expect } from './support/browser-mode.ts';
import { test } from './support/with-fake-anthropic.ts';
import { serversPage } from './support/servers-page.ts';

const appServer = fileURLToPath(new URL('../fixtures/apps/app-server.ts', import.meta.url));
test.use({ mcpServers: { apps: { command: process.execPath, args: [appServer] } } });

const TEXT = 'The quick brown fox jumps over the lazy dog, then naps in the sun.';

test('the app shows the text argument as the model writes it, then the final input and the result', async ({ page, switchboard, fake }) => {
  // Three characters of JSON every 150 ms: the arguments take about four seconds to arrive.
  fake.script(
    { blocks: [{ text: 'Showing it.' }, { toolUse: { name: 'apps__show-text', input: { text: TEXT } } }], delayMs: 150, chunkSize: 3 },
    { blocks: [{ text: 'It is shown.' }] },
  );
  await page.goto(switchboard.url);
  await expect(serversPage(page).card('apps')).toHaveAttribute('data-status', 'connected');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Chat' }).click();
  const message = page.getByRole('textbox', { name: 'Message' });
  await message.fill('Show the fox sentence');
  await message.press('Enter');

  const card = page.getByRole('feed', { name: 'Messages' }).getByRole('region', { name: 'Tool call show-text on apps' });
  const app = card.frameLocator('iframe[title="App of show-text"]').frameLocator('iframe');
  // Before the call is complete: the card says its arguments are arriving, and the app shows part of the text.
  await expect(card).toHaveAttribute('data-status', 'input-streaming');
  await expect(card).toContainText('Receiving arguments');
  await expect(app.locator('#partial')).toHaveText(/^The quick/);
  await expect(card).toHaveAttribute('data-status', 'input-streaming');
  expect(TEXT.startsWith(await app.locator('#partial').innerText())).toBe(true);
  expect((await app.locator('#partial').innerText()).length).toBeLessThan(TEXT.length);
  await expect(app.locator('#input')).toHaveText('?');
  // What the app asked before the approval was refused.
  await expect(app.locator('#early')).toHaveText(/^refused: The tool call that shows this app has not been approved/);

  const approval = page.getByRole('dialog', { name: 'Allow show-text on apps?' });
  await expect(approval).toBeVisible();
  // The same app, still mounted: it saw the whole text, with no input nor result yet.
  await expect(app.locator('#partial')).toHaveText(TEXT);
  await expect(app.locator('#input')).toHaveText('?');
  await approval.getByRole('button', { name: 'Allow once' }).click();

  await expect(app.locator('#input')).toHaveText(TEXT);
  await expect(app.locator('#result')).toHaveText(`shown ${TEXT.length} characters`);
  await expect(page.getByRole('feed', { name: 'Messages' })).toContainText('It is shown.');
  const events = (await app.locator('#events').innerText()).trim().split('\n');
  const partials = events.filter((line) => line.startsWith('partial '));
  expect(partials.length).toBeGreaterThanOrEqual(3);
  const lengths = partials.map((line) => Number(line.slice('partial '.length)));
  expect(lengths).toEqual([...lengths].sort((a, b) => a - b));
  expect(events.slice(partials.length)).toEqual(['input', 'result']);
  // The early request never reached the host.
  await expect(card.getByLabel('Context the app gave the model')).toHaveCount(0);
  expect(JSON.stringify(fake.messageRequests[1].body?.system ?? '')).not.toContain('app_context');
});
