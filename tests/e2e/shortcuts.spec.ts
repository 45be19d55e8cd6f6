import { fixtureStdio } from '../fixtures/servers/launch.ts';
import { expect } from './support/browser-mode.ts';
import { test } from './support/with-fake-anthropic.ts';
import { serversPage } from './support/servers-page.ts';

test.use({ mcpServers: { modern: fixtureStdio('modern') } });

test('single-key shortcuts for settings, search and a new chat, listed by ?, and never taken while typing', async ({ page, switchboard }) => {
  await page.goto(switchboard.url);
  await expect(serversPage(page).card('modern')).toHaveAttribute('data-status', 'connected');

  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toContainText('New chat');
  await expect(help).toContainText('Allow once');
  await expect(help.getByRole('button', { name: 'Done' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();

  await page.keyboard.press(',');
  await expect(page.getByRole('main', { name: 'Settings' })).toBeVisible();

  await page.keyboard.press('/');
  const search = page.getByRole('searchbox', { name: 'Search chats' });
  await expect(search).toBeFocused();
  // Typed into the field, `n` and `,` are letters, not commands.
  await page.keyboard.type('n,');
  await expect(search).toHaveValue('n,');
  await expect(page.getByRole('main', { name: 'Chat' })).toBeVisible();

  await search.fill('');
  await search.blur();
  await page.keyboard.press('n');
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Chats' }).getByRole('list', { name: 'Conversations' }).getByRole('listitem')).toHaveCount(1);
});
