import { fixtureStdio } from '../fixtures/servers/launch.ts';
import { expect } from './support/browser-mode.ts';
import { test } from './support/with-fake-anthropic.ts';
import { serversPage } from './support/servers-page.ts';

// Two servers of 58 tools each: over the default budget of 40, so the model gets Anthropic's tool search.
test.use({
  mcpServers: {
    alpha: fixtureStdio('modern', ['--extra-tools', '40', '--name', 'alpha']),
    beta: fixtureStdio('modern', ['--extra-tools', '40', '--name', 'beta']),
  },
});

test('with many tools the chat shows how many are loaded and searchable, and which tools a search brought in; a pinned tool is loaded', async ({ page, switchboard, fake }) => {
  const nav = page.getByRole('navigation', { name: 'Main' });
  const feed = page.getByRole('feed', { name: 'Messages' });
  const answers = feed.getByRole('article', { name: 'Assistant' });
  const message = page.getByRole('textbox', { name: 'Message' });
  const send = async (text: string) => {
    await message.fill(text);
    await message.press('Enter');
  };
  const loaded = () =>
    ((fake.messageRequests.at(-1)?.body?.tools ?? []) as { name: string; defer_loading?: boolean }[]).filter((tool) => tool.defer_loading !== true).map((tool) => tool.name);

  await page.goto(switchboard.url);
  await expect(serversPage(page).card('alpha')).toHaveAttribute('data-status', 'connected');
  await expect(serversPage(page).card('beta')).toHaveAttribute('data-status', 'connected');
  await nav.getByRole('button', { name: 'Chat' }).click();

  fake.script(
    { blocks: [{ toolSearch: { query: 'beta environment variable' } }, { toolUse: { name: 'beta__env', input: { name: 'SB_E2E_UNSET' } } }] },
    { blocks: [{ text: 'It is not set.' }] },
  );
  await send('Is SB_E2E_UNSET set on beta?');
  await page.getByRole('dialog', { name: 'Allow env on beta?' }).getByRole('button', { name: 'Allow once' }).click();
  await expect(feed.getByRole('region', { name: 'Tool call env on beta' })).toHaveAttribute('data-status', 'done');
  await expect(answers.last()).toHaveAttribute('data-status', 'complete');

  const search = answers.last().getByRole('region', { name: 'Tool search' });
  await expect(search).toContainText('beta environment variable');
  const found = search.getByRole('list', { name: 'Tools this search brought in' }).getByRole('listitem');
  await expect(found.first()).toHaveText('beta env');
  await expect(answers.last().getByLabel('Tools given to the model')).toHaveText('0 tools loaded · 116 searchable');
  expect(loaded()).toEqual(['tool_search_tool_bm25']);

  // Pinned in the tools picker: loaded in every request from now on.
  await page.getByRole('button', { name: /^Tools/ }).click();
  const picker = page.getByRole('dialog', { name: 'Tools in this chat' });
  const alpha = picker.getByRole('listitem', { name: 'alpha' });
  await alpha.getByRole('button', { name: 'alpha' }).click();
  const pin = alpha.getByRole('switch', { name: 'Pin echo: always loaded' });
  await pin.click();
  await expect(pin).toHaveAttribute('aria-checked', 'true');
  await picker.getByRole('button', { name: 'Close' }).click();

  fake.script({ blocks: [{ text: 'Echo is at hand.' }] });
  await send('Anything loaded now?');
  await expect(answers.last()).toContainText('Echo is at hand.');
  await expect(answers.last().getByLabel('Tools given to the model')).toHaveText('1 tool loaded · 115 searchable');
  expect(loaded()).toEqual(['alpha__echo', 'tool_search_tool_bm25']);
});
