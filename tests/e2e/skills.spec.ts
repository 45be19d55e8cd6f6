/**
 * Issue #14, skills (SEP-2640): a server's skills are listed in its Skills tab with a switch; the model loads one
 * through load_skill, and the chat's tool card names the skill it loaded.
 */
import { fileURLToPath } from 'node:url';
import { expect } from './support/browser-mode.ts';
import { test } from './support/with-fake-anthropic.ts';
import { serversPage } from './support/servers-page.ts';

const skillsFixture = fileURLToPath(new URL('../fixtures/servers/skills-server.ts', import.meta.url));
test.use({ mcpServers: { docs: { command: process.execPath, args: [skillsFixture] } } });

test('the Skills tab lists the skills with a switch; a loaded skill shows in the chat', async ({ page, switchboard, fake }) => {
  await page.goto(switchboard.url);
  const ui = serversPage(page);
  await expect(ui.card('docs')).toHaveAttribute('data-status', 'connected');
  await ui.card('docs').click();
  await page.getByRole('tab', { name: /Skills/ }).click();
  const list = page.getByRole('list', { name: 'Skills' });
  await expect(list).toContainText('release-notes');
  await expect(list).toContainText('Write release notes in the house style');
  await expect(list).toContainText('2 files');
  const toggle = page.getByRole('switch', { name: 'Skills available to the model' });
  await expect(toggle).toBeChecked();

  fake.script(
    (request) => {
      const tools = (request.body as { tools?: { name: string; description?: string }[] }).tools ?? [];
      const load = tools.find((tool) => tool.name === 'load_skill');
      if (!load?.description?.includes('docs:release-notes')) throw new Error('load_skill does not list the skill');
      return { blocks: [{ toolUse: { name: 'load_skill', input: { skill: 'docs:release-notes' } } }] };
    },
    { blocks: [{ text: 'Loaded.' }] },
  );
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Chat' }).click();
  const message = page.getByRole('textbox', { name: 'Message' });
  await message.fill('Write the release notes');
  await message.press('Enter');
  const card = page.getByRole('feed', { name: 'Messages' }).getByRole('region', { name: 'Tool call load_skill on docs' });
  await expect(card).toHaveAttribute('data-status', 'done');
  await expect(card).toContainText('skill release-notes');
  await expect(page.getByRole('feed', { name: 'Messages' })).toContainText('Loaded.');
});
