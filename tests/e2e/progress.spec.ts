/**
 * Issue #9, progress: a long tool's progress bar fills in the chat's tool card with the server's messages, and
 * progress keeps the call alive past its server's call timeout (3 s here, from mcp.json, for a 6 s call).
 */
import { fixtureStdio } from '../fixtures/servers/launch.ts';
import { expect } from './support/browser-mode.ts';
import { test } from './support/with-fake-anthropic.ts';
import { serversPage } from './support/servers-page.ts';

test.use({ mcpServers: { modern: { ...fixtureStdio('modern'), timeout: { call: 3, max: 60 } } } });

test("a long tool's bar fills with its messages in the chat tool card", async ({ page, switchboard, fake }) => {
  fake.script({ blocks: [{ toolUse: { name: 'modern__slow', input: { ms: 6_000, steps: 3 } } }] }, { blocks: [{ text: 'Done.' }] });
  await page.goto(switchboard.url);
  await expect(serversPage(page).card('modern')).toHaveAttribute('data-status', 'connected');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Chat' }).click();
  const message = page.getByRole('textbox', { name: 'Message' });
  await message.fill('Take your time');
  await message.press('Enter');
  await page.getByRole('dialog', { name: 'Allow slow on modern?' }).getByRole('button', { name: 'Allow once' }).click();

  const card = page.getByRole('feed', { name: 'Messages' }).getByRole('region', { name: 'Tool call slow on modern' });
  // Each step is one assertion on the bar and its message together, so a step is never half seen.
  for (const [step, percent] of [[1, 0], [2, 33], [3, 67]]) {
    const bar = card.locator('.call-progress').filter({ hasText: `step ${step} of 3` });
    await expect(bar.getByRole('progressbar', { name: `Progress ${percent}%` })).toBeVisible();
  }
  await expect(card).toHaveAttribute('data-status', 'done');
  await expect(card.locator('.call-progress')).toHaveCount(0);
  await expect(card).toContainText('waited 6000 ms in 3 steps');
  await expect(page.getByRole('feed', { name: 'Messages' })).toContainText('Done.');
});

test('Run tool shows the same bar and messages while the tool runs', async ({ page, switchboard }) => {
  const ui = serversPage(page);
  await page.goto(switchboard.url);
  await expect(ui.card('modern')).toHaveAttribute('data-status', 'connected');
  await ui.tool('slow').click();
  await ui.runTool.getByLabel('ms').fill('6000');
  await ui.runTool.getByLabel('steps').fill('3');
  await ui.runTool.getByRole('button', { name: 'Run' }).click();
  for (const [step, percent] of [[2, 33], [3, 67]]) {
    const bar = ui.runTool.locator('.call-progress').filter({ hasText: `step ${step} of 3` });
    await expect(bar.getByRole('progressbar', { name: `Progress ${percent}%` })).toBeVisible();
  }
  await expect(ui.result).toContainText('waited 6000 ms in 3 steps');
  await expect(ui.runTool.locator('.call-progress')).toHaveCount(0);
});
