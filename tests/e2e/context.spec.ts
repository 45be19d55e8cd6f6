import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect } from './support/browser-mode.ts';
import { test } from './support/with-fake-anthropic.ts';
import { serversPage } from './support/servers-page.ts';

const everything = {
  command: process.execPath,
  args: [fileURLToPath(new URL('../../node_modules/@modelcontextprotocol/server-everything/dist/index.js', import.meta.url)), 'stdio'],
};

test.use({ mcpServers: { everything } });

async function openChat(page: Page, url: string) {
  await page.goto(url);
  await expect(serversPage(page).card('everything')).toHaveAttribute('data-status', 'connected');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Chat' }).click();
  const feed = page.getByRole('feed', { name: 'Messages' });
  return { feed, message: page.getByRole('textbox', { name: 'Message' }), attachments: page.getByRole('list', { name: 'Attachments' }) };
}

test('/ picks a prompt, its arguments are completed from the server, and its messages are shown and sent', async ({ page, switchboard, fake }) => {
  fake.script({ blocks: [{ text: 'Eve now leads Sales.' }] });
  const chat = await openChat(page, switchboard.url);
  await chat.message.fill('/team');
  const prompts = page.getByRole('listbox', { name: 'Prompts' });
  await expect(prompts.getByRole('option').first()).toContainText('completable-prompt');
  await expect(prompts.getByRole('option').first()).toContainText('everything');
  await chat.message.press('Enter');

  const form = page.getByRole('dialog', { name: 'Prompt Team Management' });
  await form.getByRole('button', { name: 'Insert prompt' }).click();
  await expect(form.getByText('department is required.')).toBeVisible();
  await form.getByRole('textbox', { name: 'department', exact: true }).fill('Sa');
  await form.getByRole('listbox', { name: 'Suggestions for department' }).getByRole('button', { name: 'Sales' }).click();
  await expect(form.getByRole('textbox', { name: 'department', exact: true })).toHaveValue('Sales');
  await form.getByRole('textbox', { name: 'name', exact: true }).focus();
  // Narrowed by the department already filled in (completion/complete `context.arguments`).
  const names = form.getByRole('listbox', { name: 'Suggestions for name' });
  await expect(names.getByRole('option')).toHaveText(['David', 'Eve', 'Frank']);
  await names.getByRole('button', { name: 'Eve' }).click();
  await form.getByRole('button', { name: 'Insert prompt' }).click();
  await expect(form).toBeHidden();

  const pending = page.getByRole('region', { name: 'Prompt Team Management from everything' });
  await expect(pending).toContainText('Please promote Eve to the head of the Sales team.');
  await expect(chat.message).toHaveValue('');
  await chat.message.fill('Keep it short.');
  await chat.message.press('Enter');

  await expect(chat.feed.getByRole('article', { name: 'Assistant' }).last()).toContainText('Eve now leads Sales.');
  await expect(chat.feed.getByRole('group', { name: 'Prompt Team Management (everything)' })).toBeVisible();
  await expect(pending).toBeHidden();
  const sent = JSON.stringify(fake.messageRequests[0].body?.messages);
  expect(sent).toContain('<context source=\\"prompt\\" prompt=\\"completable-prompt\\" server=\\"everything\\">');
  expect(sent).toContain('Please promote Eve to the head of the Sales team.');
  expect(sent).toContain('Keep it short.');
});

test('@ attaches a resource and a template filled in with completions; both reach the model as labelled context', async ({ page, switchboard, fake }) => {
  fake.script({ blocks: [{ text: 'Both read.' }] });
  const chat = await openChat(page, switchboard.url);
  await chat.message.fill('Summarise @archi');
  const resources = page.getByRole('listbox', { name: 'Resources' });
  await expect(resources.getByRole('option').first()).toContainText('architecture.md');
  await chat.message.press('Enter');
  const chip = chat.attachments.getByRole('listitem', { name: 'Attachment architecture.md' });
  await expect(chip).toContainText('everything');
  await expect(chip).toContainText('text/markdown');
  await expect(chat.message).toHaveValue('Summarise ');

  await page.getByRole('button', { name: 'Attach a resource' }).click();
  await chat.message.pressSequentially('dynamic/text');
  await expect(resources.getByRole('option').first()).toContainText('demo://resource/dynamic/text/{resourceId}');
  await chat.message.press('Enter');
  const form = page.getByRole('dialog', { name: 'Resource Dynamic Text Resource' });
  await form.getByRole('textbox', { name: 'resourceId', exact: true }).fill('4');
  await expect(form.getByRole('listbox', { name: 'Suggestions for resourceId' })).toHaveCount(0);
  await form.getByRole('button', { name: 'Attach' }).click();
  await expect(chat.attachments.getByRole('listitem', { name: 'Attachment 4' })).toContainText('text/plain');

  await chip.getByRole('button', { name: 'Remove architecture.md' }).click();
  await expect(chip).toBeHidden();
  await chat.message.fill('Summarise these');
  await chat.message.press('Enter');
  await expect(chat.feed.getByRole('article', { name: 'Assistant' }).last()).toContainText('Both read.');
  const sent = JSON.stringify(fake.messageRequests[0].body?.messages);
  expect(sent).toContain('uri=\\"demo://resource/dynamic/text/4\\" server=\\"everything\\"');
  expect(sent).toContain('Resource 4: This is a plaintext resource');
  expect(sent).not.toContain('architecture.md');
});

test('an attached resource the server updates is marked changed, and one click reads it again', async ({ page, switchboard, fake }) => {
  fake.script(
    { blocks: [{ toolUse: { name: 'everything__toggle-subscriber-updates', input: {} } }] },
    { blocks: [{ text: 'Updates are on.' }] },
  );
  const chat = await openChat(page, switchboard.url);
  await chat.message.fill('Turn on updates');
  await chat.message.press('Enter');
  await page.getByRole('dialog', { name: /Allow toggle-subscriber-updates on everything/ }).getByRole('button', { name: 'Allow once' }).click();
  await expect(chat.feed.getByRole('article', { name: 'Assistant' }).last()).toContainText('Updates are on.');

  await chat.message.fill('@archi');
  await expect(page.getByRole('listbox', { name: 'Resources' }).getByRole('option').first()).toContainText('architecture.md');
  await chat.message.press('Enter');
  const chip = chat.attachments.getByRole('listitem', { name: 'Attachment architecture.md' });
  await expect(chip).toHaveAttribute('data-changed', 'false');
  // server-everything sends notifications/resources/updated every 5 s for what this session subscribed to.
  await expect(chip).toHaveAttribute('data-changed', 'true', { timeout: 15_000 });
  await chip.getByRole('button', { name: 'Changed · read again' }).click();
  await expect(chip).toHaveAttribute('data-changed', 'false');
});

test('a resource link in a tool result opens a preview read through the server, and can be attached', async ({ page, switchboard, fake }) => {
  fake.script(
    { blocks: [{ toolUse: { name: 'everything__get-resource-links', input: { count: 2 } } }] },
    { blocks: [{ text: 'Two links.' }] },
    { blocks: [{ text: 'Read the attachment.' }] },
  );
  const chat = await openChat(page, switchboard.url);
  await chat.message.fill('Give me links');
  await chat.message.press('Enter');
  await page.getByRole('dialog', { name: /Allow get-resource-links on everything/ }).getByRole('button', { name: 'Allow once' }).click();
  await expect(chat.feed.getByRole('article', { name: 'Assistant' }).last()).toContainText('Two links.');
  const result = chat.feed.getByRole('region', { name: 'Result of get-resource-links' });
  await result.locator('.content-link', { hasText: 'Text Resource 2' }).getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('dialog', { name: 'Resource Text Resource 2' });
  await expect(preview.getByLabel('Resource content')).toContainText('Resource 2: This is a plaintext resource');
  await preview.getByRole('button', { name: 'Attach to message' }).click();
  await expect(preview).toBeHidden();
  await expect(chat.attachments.getByRole('listitem', { name: 'Attachment Text Resource 2' })).toBeVisible();
  await chat.message.fill('What does it say?');
  await chat.message.press('Enter');
  await expect(chat.feed.getByRole('article', { name: 'Assistant' }).last()).toContainText('Read the attachment.');
  expect(JSON.stringify(fake.messageRequests[2].body?.messages)).toContain('uri=\\"demo://resource/dynamic/text/2\\"');
});
