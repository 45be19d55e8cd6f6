import { expect, test } from './support/browser-mode.ts';

test('empty states read as text, with code in code style and no Markdown marks', async ({ page, switchboard }) => {
  await page.goto(switchboard.url);
  const empty = page.locator('.empty-state');
  await expect(empty.getByRole('heading', { name: 'No servers yet' })).toBeVisible();
  await expect(empty.locator('code')).toHaveText('mcpServers');
  expect(await empty.innerText()).not.toMatch(/[`*_#]/);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Chat' }).click();
  await page.getByRole('button', { name: 'New chat' }).click();
  const chatEmpty = page.locator('.chat-empty');
  await expect(chatEmpty.getByRole('heading', { name: 'Ask anything' })).toBeVisible();
  expect(await chatEmpty.innerText()).not.toMatch(/[`*_#]/);
});
