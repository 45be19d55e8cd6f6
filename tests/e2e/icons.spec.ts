/**
 * Issue #14, icons: the fixture lists a png and an svg `data:` icon on itself and on every tool, resource, template
 * and prompt (Basic → Icons). The page shows the png, handed over by the host as a checked `data:` URI, next to
 * each name; the svg is never shown, and the CSP (`img-src 'self' data: blob:`) reports nothing.
 */
import type { Locator } from '@playwright/test';
import { fixtureIcons } from '../fixtures/servers/fixture-surface.ts';
import { fixtureStdio } from '../fixtures/servers/launch.ts';
import { expect } from './support/browser-mode.ts';
import { test } from './support/with-fake-anthropic.ts';
import { consoleErrors, serversPage } from './support/servers-page.ts';

test.use({ mcpServers: { modern: fixtureStdio('modern', ['--icons']) } });

const png = fixtureIcons.find((icon) => icon.mimeType === 'image/png')!.src;

async function expectIcon(area: Locator) {
  const icon = area.locator('img.mcp-icon').first();
  await expect(icon).toHaveAttribute('src', png);
  await expect(icon).toHaveAttribute('alt', '');
  expect(await icon.evaluate((img: HTMLImageElement) => [img.complete, img.naturalWidth, img.getBoundingClientRect().width])).toEqual([true, 1, 16]);
}

test('icons show next to the names of the server, its tools, prompts, resources and templates', async ({ page, switchboard }) => {
  const errors = consoleErrors(page);
  await page.goto(switchboard.url);
  const ui = serversPage(page);
  await expect(ui.card('modern')).toHaveAttribute('data-status', 'connected');
  await expectIcon(ui.card('modern'));
  await ui.card('modern').getByRole('button', { name: 'modern', exact: true }).click();
  await expectIcon(page.locator('.server-detail-head'));
  await expectIcon(ui.tools.getByRole('listitem').first());

  await ui.tab('Prompts').click();
  await expectIcon(page.getByRole('tabpanel').getByRole('listitem').first());
  await ui.tab('Resources').click();
  await expectIcon(page.getByRole('list', { name: 'Resources' }).getByRole('listitem').first());
  await expectIcon(page.getByRole('region', { name: 'Resource templates' }));

  await expect(page.locator('img[src^="data:image/svg"]')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('the composer pickers show the icons of prompts and resources', async ({ page, switchboard }) => {
  await page.goto(switchboard.url);
  await expect(serversPage(page).card('modern')).toHaveAttribute('data-status', 'connected');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Chat' }).click();
  const message = page.getByRole('textbox', { name: 'Message' });
  await message.fill('/greet');
  await expectIcon(page.getByRole('listbox', { name: 'Prompts' }).getByRole('option').first());
  await message.fill('@');
  await expectIcon(page.getByRole('listbox', { name: 'Resources' }).getByRole('option').first());
});

test('the chat tool card and the tool approvals, single and batch, show the server and tool icons', async ({ page, switchboard, fake }) => {
  fake.script(
    { blocks: [{ toolUse: { name: 'modern__echo', input: { text: 'one' } } }] },
    { blocks: [{ text: 'Echoed once.' }] },
    { blocks: [{ toolUse: { name: 'modern__echo', input: { text: 'two' } } }, { toolUse: { name: 'modern__add', input: { a: 1, b: 2 } } }] },
    { blocks: [{ text: 'Both ran.' }] },
  );
  await page.goto(switchboard.url);
  await expect(serversPage(page).card('modern')).toHaveAttribute('data-status', 'connected');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Chat' }).click();
  const message = page.getByRole('textbox', { name: 'Message' });
  await message.fill('Echo one');
  await message.press('Enter');

  const single = page.getByRole('dialog', { name: 'Allow echo on modern?' });
  await expectIcon(single.locator('.consent-facts'));
  await single.getByRole('button', { name: 'Allow once' }).click();

  const feed = page.getByRole('feed', { name: 'Messages' });
  const card = feed.getByRole('region', { name: 'Tool call echo on modern' });
  await expect(card).toHaveAttribute('data-status', 'done');
  await expectIcon(card.locator('.tool-call-server'));
  await expectIcon(card.locator('.tool-call-name strong'));

  await message.fill('Echo two and add');
  await message.press('Enter');
  const batch = page.getByRole('dialog', { name: 'Allow 2 tool calls on modern?' });
  for (const row of ['echo on modern', 'add on modern']) {
    await expectIcon(batch.getByRole('listitem', { name: row }).locator('strong'));
    await expectIcon(batch.getByRole('listitem', { name: row }).locator('.muted').first());
  }
});
