import { expect, test } from './support/browser-mode.ts';

test('empty states read as text, with code in code style and no Markdown marks', async ({ page, switchboard }) => {
  await page.goto(switchboard.url);
  const firstRun = page.locator('.first-run');
  await expect(firstRun.getByRole('heading', { name: 'No servers yet' })).toBeVisible();
  // No key is set in this data folder, so the first run says where one comes from, names in code style.
  await expect(firstRun.getByRole('region', { name: 'API key' }).locator('code').first()).toHaveText('console.anthropic.com');
  expect(await firstRun.innerText()).not.toMatch(/[`*#]/);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Chat' }).click();
  await page.getByRole('button', { name: 'New chat' }).click();
  const chatEmpty = page.locator('.chat-empty');
  await expect(chatEmpty.getByRole('heading', { name: 'Ask anything' })).toBeVisible();
  expect(await chatEmpty.innerText()).not.toMatch(/[`*_#]/);
});
