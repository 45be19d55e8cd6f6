import type { Locator, Page } from '@playwright/test';
import { fixtureStdio } from '../fixtures/servers/launch.ts';
import { expect } from './support/browser-mode.ts';
import { test } from './support/with-fake-anthropic.ts';
import { serversPage } from './support/servers-page.ts';

// The README's pictures, taken from the real app over the fixture servers and the fake LLM: `npm run screenshots`
// (which builds first and sets UPDATE_SCREENSHOTS=1). Skipped otherwise, so a test run never rewrites a tracked file.
test.skip(!process.env.UPDATE_SCREENSHOTS, 'run `npm run screenshots` to regenerate docs/screenshots/*.png');
test.use({
  mcpServers: { modern: fixtureStdio('modern'), legacy: fixtureStdio('legacy'), broken: { url: 'ftp://example.com/mcp' } },
  colorScheme: 'light',
  viewport: { width: 1280, height: 800 },
});

const dir = 'docs/screenshots';

async function shoot(page: Page, name: string) {
  await page.mouse.move(0, 0);
  // No caret blinking into one picture and not the next.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.screenshot({ path: `${dir}/${name}.png` });
}

/** The message list is virtualized: waits until each message sits in its measured place, question above answer. */
async function inOrder(feed: Locator) {
  await expect
    .poll(() => feed.getByRole('article').evaluateAll((items) => items.map((item) => item.getBoundingClientRect().top).every((top, index, tops) => index === 0 || top > tops[index - 1])))
    .toBe(true);
}

async function connected(page: Page, url: string) {
  const ui = serversPage(page);
  await page.goto(url);
  await expect(ui.card('modern')).toHaveAttribute('data-status', 'connected');
  await expect(ui.card('legacy')).toHaveAttribute('data-status', 'connected');
  await expect(ui.card('broken')).toHaveAttribute('data-status', 'error');
  return ui;
}

test('servers.png: connected servers, their tools, and a tool result', async ({ page, switchboard }) => {
  const ui = await connected(page, switchboard.url);
  await ui.card('modern').getByRole('button', { name: 'modern', exact: true }).click();
  await ui.tool('image').click();
  await ui.runTool.getByRole('button', { name: 'Run' }).click();
  await expect(ui.result.getByRole('img')).toBeVisible();
  await shoot(page, 'servers');
});

test('approval.png, chat.png and activity.png: a chat whose tool call is approved, then the record of every call', async ({ page, switchboard, fake }) => {
  fake.script(
    { blocks: [{ text: 'Let me add those up with the fixture’s tool. ' }, { toolUse: { name: 'modern__add', input: { a: 1234, b: 4321 } } }], delayMs: 5 },
    { blocks: [{ text: '**1234 + 4321 = 5555.** The `add` tool on *modern* returned it as structured content: `{"sum": 5555}`.' }], delayMs: 5 },
    { blocks: [{ toolUse: { name: 'legacy__echo', input: { text: 'The total is 5555.' } } }] },
    { blocks: [{ toolUse: { name: 'modern__fail', input: {} } }] },
    { blocks: [{ toolUse: { name: 'modern__slow', input: { ms: 50, steps: 1 } } }] },
    { blocks: [{ text: 'Echoed; the failing tool failed as it always does; and you kept me from the slow one.' }], delayMs: 5 },
  );
  const ui = await connected(page, switchboard.url);
  const nav = page.getByRole('navigation', { name: 'Main' });
  const message = page.getByRole('textbox', { name: 'Message' });
  const feed = page.getByRole('feed', { name: 'Messages' });
  const allowOnce = (tool: string, server: string) => page.getByRole('dialog', { name: `Allow ${tool} on ${server}?` }).getByRole('button', { name: 'Allow once' }).click();
  await nav.getByRole('button', { name: 'Chat' }).click();
  await message.fill('What is 1234 + 4321? Use a tool.');
  await message.press('Enter');

  const approval = page.getByRole('dialog', { name: 'Allow add on modern?' });
  await expect(approval.getByRole('button', { name: 'Allow once' })).toBeFocused();
  await inOrder(feed);
  await shoot(page, 'approval');
  await allowOnce('add', 'modern');
  await expect(feed.getByRole('article', { name: 'Assistant' }).last()).toHaveAttribute('data-status', 'complete');
  const card = feed.getByRole('region', { name: 'Tool call add on modern' });
  await expect(card.getByRole('region', { name: 'Result of add' })).toBeVisible();
  await inOrder(feed);
  await shoot(page, 'chat');

  // More calls, so the record shows every kind: another server, a tool error, a denial, and a call made by hand.
  await page.getByRole('button', { name: 'New chat' }).click();
  await message.fill('Echo the total, then try the failing and the slow tools.');
  await message.press('Enter');
  await allowOnce('echo', 'legacy');
  await allowOnce('fail', 'modern');
  await page.getByRole('dialog', { name: 'Allow slow on modern?' }).getByRole('button', { name: 'Deny' }).click();
  await expect(feed.getByRole('article', { name: 'Assistant' }).last()).toContainText('kept me from the slow one');
  await nav.getByRole('button', { name: 'Servers' }).click();
  await ui.card('legacy').getByRole('button', { name: 'legacy', exact: true }).click();
  await ui.tool('echo').click();
  await ui.runTool.getByLabel(/^text\*?$/).fill('run by hand');
  await ui.runTool.getByRole('button', { name: 'Run' }).click();
  await expect(ui.result).toContainText('run by hand');

  await nav.getByRole('button', { name: 'Activity' }).click();
  await expect(page.getByRole('table', { name: 'Tool calls' }).locator('tbody tr')).toHaveCount(5);
  await expect(page.getByRole('table', { name: 'By server' })).toBeVisible();
  await shoot(page, 'activity');
});
