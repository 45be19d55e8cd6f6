import { expect, test } from './support/browser-mode.ts';

test.use({ colorScheme: 'light' });

test('the theme follows the system until Settings picks light or dark, and the pick survives a reload', async ({ page, switchboard }) => {
  await page.goto(switchboard.url);
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  await expect.poll(background).toBe('rgb(246, 247, 249)');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Settings' }).click();
  const theme = page.getByRole('combobox', { name: 'Theme' });
  await theme.selectOption('dark');
  await expect.poll(background).toBe('rgb(15, 18, 24)');
  await page.reload();
  await expect.poll(background).toBe('rgb(15, 18, 24)');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('combobox', { name: 'Theme' }).selectOption('system');
  await expect.poll(background).toBe('rgb(246, 247, 249)');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(background).toBe('rgb(15, 18, 24)');
});
