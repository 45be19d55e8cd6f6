import type { Page } from '@playwright/test';
import type { AnthropicRequest } from '../fixtures/fake-llm/anthropic.ts';
import { fixtureStdio } from '../fixtures/servers/launch.ts';
import { expect } from './support/browser-mode.ts';
import { test } from './support/with-fake-anthropic.ts';
import { recordWindowOpen } from './support/consent-page.ts';
import { consoleErrors, serversPage } from './support/servers-page.ts';

test.use({ mcpServers: { modern: fixtureStdio('modern') } });

/** Opens the app, waits for the fixture server (the model only gets tools of connected servers), then goes to Chat. */
async function openChat(page: Page, url: string) {
  await page.goto(url);
  await expect(serversPage(page).card('modern')).toHaveAttribute('data-status', 'connected');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Chat' }).click();
  return chatPage(page);
}

function chatPage(page: Page) {
  const feed = page.getByRole('feed', { name: 'Messages' });
  return {
    feed,
    message: page.getByRole('textbox', { name: 'Message' }),
    answers: feed.getByRole('article', { name: 'Assistant' }),
    toolCall: (tool: string, server = 'modern') => feed.getByRole('region', { name: `Tool call ${tool} on ${server}` }),
    approval: (tool: string, server = 'modern') => page.getByRole('dialog', { name: `Allow ${tool} on ${server}?` }),
    async send(text: string) {
      await this.message.fill(text);
      await this.message.press('Enter');
    },
  };
}

/** The last user turn of a recorded request: where tool results go back to the model. */
function lastUserContent(request: AnthropicRequest): unknown[] {
  const messages = request.body?.messages ?? [];
  const content = messages.at(-1)?.content;
  return Array.isArray(content) ? content : [];
}

test('a question streams an answer, the tool call waits for approval, runs, and the model finishes with its result', async ({ page, switchboard, fake }) => {
  const errors = consoleErrors(page);
  fake.script(
    { blocks: [{ text: 'Let me ask the echo tool. ' }, { toolUse: { name: 'modern__echo', input: { text: 'hello harbour' } } }], delayMs: 15 },
    { blocks: [{ text: 'The tool said **hello harbour**, so the harbour is fine.' }], delayMs: 5 },
  );
  const chat = await openChat(page, switchboard.url);
  await chat.send('Is the harbour fine?');

  const dialog = chat.approval('echo');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Arguments (JSON)')).toHaveValue(/"text": "hello harbour"/);
  await expect(dialog.getByRole('region', { name: 'Hints from the server' })).toContainText('readOnlyHint');
  await expect(dialog).toContainText('Returns the text it was given');
  // The safe primary action has focus, not ×.
  await expect(dialog.getByRole('button', { name: 'Allow once' })).toBeFocused();

  await dialog.getByRole('button', { name: 'Allow once' }).click();
  await expect(dialog).toBeHidden();

  const card = chat.toolCall('echo');
  await expect(card).toHaveAttribute('data-status', 'done');
  await expect(card.getByRole('region', { name: 'Result of echo' })).toContainText('hello harbour');
  const answer = chat.answers.last();
  await expect(answer).toContainText('Let me ask the echo tool.');
  await expect(answer).toContainText('so the harbour is fine.');
  await expect(answer.locator('strong', { hasText: 'hello harbour' })).toBeVisible();
  await expect(answer).toHaveAttribute('data-status', 'complete');
  await expect(answer.getByLabel('Tokens used')).toContainText(/\d+ in · \d+ out/);

  await card.getByRole('button', { name: /echo/ }).click();
  await expect(card.getByRole('region', { name: 'Result of echo' })).toBeHidden();

  const toolResult = lastUserContent(fake.messageRequests[1]).find((block) => (block as { type?: string }).type === 'tool_result');
  expect(JSON.stringify(toolResult)).toContain('hello harbour');
  expect(errors).toEqual([]);
});

test('a denial with a reason reaches the model as an error result carrying the reason', async ({ page, switchboard, fake }) => {
  fake.script({ blocks: [{ toolUse: { name: 'modern__echo', input: { text: 'secret plans' } } }] }, { blocks: [{ text: 'Understood, I will not echo that.' }] });
  const chat = await openChat(page, switchboard.url);
  await chat.send('Echo my plans');

  const dialog = chat.approval('echo');
  await dialog.getByLabel('Reason for denying (optional)').fill('not in front of the board');
  await dialog.getByRole('button', { name: 'Deny' }).click();
  await expect(dialog).toBeHidden();

  const card = chat.toolCall('echo');
  await expect(card).toHaveAttribute('data-status', 'denied');
  await expect(card).toContainText('not in front of the board');
  await expect(chat.answers.last()).toContainText('Understood, I will not echo that.');

  await fake.waitForMessageRequests(2);
  const toolResult = lastUserContent(fake.messageRequests[1]).find((block) => (block as { type?: string }).type === 'tool_result') as {
    is_error?: boolean;
    content?: unknown;
  };
  expect(toolResult.is_error).toBe(true);
  expect(JSON.stringify(toolResult.content)).toContain('not in front of the board');
});

test('Stop ends a streaming answer, which stays marked stopped, and the next message gets an answer', async ({ page, switchboard, fake }) => {
  const long = Array.from({ length: 400 }, (_, index) => `word${index}`).join(' ');
  fake.script({ blocks: [{ text: long }], delayMs: 25 }, { blocks: [{ text: 'Second answer, in full.' }] });
  const chat = await openChat(page, switchboard.url);
  const model = page.getByRole('combobox', { name: 'Model' });
  await expect(model).toContainText('Claude Haiku 4.5');
  await model.selectOption({ label: 'Claude Haiku 4.5' });
  await chat.send('Tell me a long story');

  const answer = chat.answers.last();
  await expect(answer).toContainText('word5');
  await expect(chat.feed).toHaveAttribute('aria-busy', 'true');
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(answer).toHaveAttribute('data-status', 'stopped');
  await expect(answer).toContainText('Stopped');
  await expect(answer).not.toContainText('word399');
  await expect(chat.feed).toHaveAttribute('aria-busy', 'false');

  await chat.send('Go on, briefly');
  await expect(chat.answers.last()).toContainText('Second answer, in full.');
  await expect(chat.answers.last()).toHaveAttribute('data-status', 'complete');
  expect(fake.messageRequests.map((request) => request.body?.model)).toEqual(['claude-haiku-4-5', 'claude-haiku-4-5']);
});

test('a streaming answer keeps the view at the bottom until the person scrolls up; Jump to latest brings it back', async ({ page, switchboard, fake }) => {
  const paragraphs = Array.from({ length: 120 }, (_, index) => `Paragraph ${index}: the tide log for this hour reads calm, with gulls.`).join('\n\n');
  fake.script({ blocks: [{ text: paragraphs }], delayMs: 15, chunkSize: 24 });
  const chat = await openChat(page, switchboard.url);
  await chat.send('Read me the whole log');
  const distanceFromBottom = () => chat.feed.evaluate((feed) => {
    const scroller = feed.parentElement!;
    return scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight;
  });
  const scrollTop = () => chat.feed.evaluate((feed) => feed.parentElement!.scrollTop);

  await expect(chat.answers.last()).toContainText('Paragraph 40:');
  expect(await distanceFromBottom()).toBeLessThan(60);
  await expect(page.getByRole('button', { name: /Jump to latest/ })).toBeHidden();

  await chat.feed.hover();
  await page.mouse.wheel(0, -600);
  await expect(page.getByRole('button', { name: /Jump to latest/ })).toBeVisible();
  const held = await scrollTop();
  await expect(chat.answers.last()).toContainText('Paragraph 80:');
  expect(Math.abs((await scrollTop()) - held)).toBeLessThan(2);
  expect(await distanceFromBottom()).toBeGreaterThan(300);

  await page.getByRole('button', { name: /Jump to latest/ }).click();
  await expect(chat.answers.last()).toHaveAttribute('data-status', 'complete');
  await expect.poll(distanceFromBottom).toBeLessThan(60);
});

test('a link in an answer shows its real address and opens only after the person consents; a javascript: link is blocked without asking', async ({ page, switchboard, fake }) => {
  const opened = await recordWindowOpen(page);
  fake.script({ blocks: [{ text: 'Read [docs](https://example.com/docs) first, or [click](javascript:alert(1)) here.' }] });
  const chat = await openChat(page, switchboard.url);
  const appUrl = page.url();
  await chat.send('Where are the docs?');
  const answer = chat.answers.last();
  await expect(answer).toHaveAttribute('data-status', 'complete');
  await expect(answer.getByRole('link')).toHaveCount(0);

  const docs = answer.getByRole('button', { name: 'docs (https://example.com/docs)' });
  await docs.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Open a page on example.com?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('From a link in the chat.');
  await expect(dialog.getByRole('group', { name: 'Full address' })).toHaveText('https://example.com/docs');
  expect(await opened()).toEqual([]);
  await dialog.getByRole('button', { name: 'Open page' }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(opened).toEqual([['https://example.com/docs', '_blank', 'noopener,noreferrer']]);
  await expect(page.getByRole('status', { name: 'Consent notices' })).toContainText('opened example.com in a new tab.');

  const click = answer.getByRole('button', { name: 'click (javascript:alert(1))' });
  await click.click();
  await expect(answer).toContainText('Blocked: javascript: addresses run code instead of opening a page.');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(await opened()).toHaveLength(1);
  expect(page.url()).toBe(appUrl);
});

test('after a reload the conversation is still there, and search finds it by a word of the answer', async ({ page, switchboard, fake }) => {
  fake.script({ blocks: [{ text: 'The lighthouse keeper counts **seventeen** gulls every morning.' }] });
  const chat = await openChat(page, switchboard.url);
  await chat.send('What does the keeper count?');
  await expect(chat.answers.last()).toContainText('seventeen gulls');

  await page.reload();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Chat' }).click();
  const conversations = page.getByRole('list', { name: 'Conversations' });
  await expect(conversations.getByRole('button', { name: /What does the keeper count\?/ })).toBeVisible();
  await expect(chat.answers.last()).toContainText('seventeen gulls');

  await page.getByRole('searchbox', { name: 'Search chats' }).fill('gulls');
  const hits = page.getByRole('list', { name: 'Search results' });
  const hit = hits.getByRole('button', { name: /What does the keeper count/ });
  await expect(hit).toBeVisible();
  await expect(hit.locator('mark')).toHaveText('gulls');
  await hit.click();
  await expect(chat.answers.last()).toContainText('seventeen gulls');
});

test.describe('with no API key anywhere', () => {
  test.use({ hostEnv: async ({ fake }, use) => use({ ANTHROPIC_BASE_URL: fake.baseURL, ANTHROPIC_API_KEY: '' }) });

  test('the composer points to Settings, where a key is saved write-only and unlocks the chat', async ({ page, switchboard, fake }) => {
    const key = 'sk-ant-typed-in-settings-0123456789';
    const chat = await openChat(page, switchboard.url);
    await expect(chat.message).toBeDisabled();
    await page.getByRole('form', { name: 'Compose' }).getByRole('button', { name: 'Open Settings' }).click();

    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    const anthropic = page.getByRole('region', { name: 'Anthropic' });
    await expect(anthropic.getByLabel('Anthropic API key: No key set')).toBeVisible();
    await anthropic.getByLabel('Anthropic API key', { exact: true }).fill(key);
    await anthropic.getByRole('button', { name: 'Save key' }).click();
    await expect(anthropic.getByRole('status')).toHaveText('Key saved.');
    await expect(anthropic.getByLabel('Anthropic API key: Key stored')).toBeVisible();
    await expect(anthropic.getByLabel('Anthropic API key', { exact: true })).toHaveValue('');
    expect(await page.content()).not.toContain(key);

    fake.script({ blocks: [{ text: 'Hello with a stored key.' }] });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Chat' }).click();
    await chat.send('Hello?');
    await expect(chat.answers.last()).toContainText('Hello with a stored key.');
    expect(fake.messageRequests[0].apiKey).toMatchObject({ present: true, length: key.length });
  });
});

test('provider errors say what to do: a refused key links to Settings, a rate limit counts down to a Retry that re-sends', async ({ page, switchboard, fake }) => {
  const chat = await openChat(page, switchboard.url);
  fake.failNext('auth');
  await chat.send('Anyone there?');
  const refused = chat.answers.last().getByRole('alert');
  await expect(refused).toContainText('The provider did not accept the API key');
  await refused.getByRole('button', { name: 'Open Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Chat' }).click();
  await page.getByRole('button', { name: 'New chat' }).click();
  fake.failNext('rate_limit', { retryAfterSeconds: 3 });
  await chat.send('Still there?');
  const limited = chat.answers.last().getByRole('alert');
  await expect(limited).toContainText('Rate limited by the provider');
  await expect(limited).toContainText('wait 3 s');
  await expect(limited.getByRole('button', { name: /^Retry in \d s$/ })).toBeDisabled();

  fake.script({ blocks: [{ text: 'Back in business.' }] });
  await limited.getByRole('button', { name: 'Retry', exact: true }).click({ timeout: 10_000 });
  await expect(chat.answers.last()).toContainText('Back in business.');
  await expect(chat.feed.getByRole('article', { name: 'You' }), 'the retry re-sends the same message, not a copy').toHaveCount(1);
  const asked = fake.messageRequests.at(-1)?.body?.messages.at(-1);
  expect(JSON.stringify(asked?.content)).toContain('Still there?');
});

test('tools switched off for a conversation are not offered; "always allow" becomes a grant that Settings can revoke', async ({ page, switchboard, fake }) => {
  const chat = await openChat(page, switchboard.url);
  await page.getByRole('button', { name: 'New chat' }).click();
  await page.getByRole('button', { name: /^Tools/ }).click();
  const picker = page.getByRole('dialog', { name: 'Tools in this chat' });
  const modern = picker.getByRole('listitem', { name: 'modern' });
  await expect(modern).toContainText(/(\d+) of \1 tools on/);
  const total = Number(/(\d+) of/.exec((await modern.textContent()) ?? '')?.[1]);
  await modern.getByRole('button', { name: 'modern' }).click();
  await modern.getByRole('switch', { name: 'Use echo' }).click();
  await expect(modern).toContainText(`${total - 1} of ${total} tools on`);
  await picker.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('button', { name: /^Tools/ })).toContainText(String(total - 1));

  fake.script({ blocks: [{ toolUse: { name: 'modern__add', input: { a: 2, b: 3 } } }] }, { blocks: [{ text: 'Two and three make five.' }] });
  await chat.send('What is 2 + 3?');
  await chat.approval('add').getByRole('button', { name: 'Always allow this tool' }).click();
  await expect(chat.toolCall('add')).toHaveAttribute('data-status', 'done');
  await expect(chat.answers.last()).toContainText('Two and three make five.');
  const offered = (fake.messageRequests[0].body?.tools ?? []).map((tool) => ('name' in tool ? tool.name : undefined));
  expect(offered).toContain('modern__add');
  expect(offered).not.toContain('modern__echo');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Settings' }).click();
  const grants = page.getByRole('region', { name: 'Tool permissions' });
  const row = grants.getByRole('row', { name: /modern add Always/ });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'Revoke add on modern' }).click();
  await expect(grants).toContainText('None yet.');
});

test('a conversation can be renamed, exported as Markdown and JSON, and deleted after a confirmation', async ({ page, switchboard, fake }) => {
  fake.script({ blocks: [{ text: 'The tide turns at **six**.' }] });
  const chat = await openChat(page, switchboard.url);
  await chat.message.fill('When does the tide turn?');
  await chat.message.press('Shift+Enter');
  await chat.message.pressSequentially('Roughly.');
  await expect(chat.message).toHaveValue('When does the tide turn?\nRoughly.');
  await chat.message.press('Enter');
  await expect(chat.answers.last()).toContainText('The tide turns at six.');

  await page.getByRole('button', { name: 'Rename' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename chat' });
  await expect(rename.getByLabel('Title')).toBeFocused();
  await rename.getByLabel('Title').fill('Harbour notes');
  await rename.getByRole('button', { name: 'Rename' }).click();
  await expect(page.getByRole('heading', { name: 'Harbour notes' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Conversations' })).toContainText('Harbour notes');

  for (const [label, pattern] of [
    ['Export as Markdown', /\.md$/],
    ['Export as JSON', /\.json$/],
  ] as const) {
    await page.getByText('Export', { exact: true }).click();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: label }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(pattern);
    const path = await file.path();
    const { readFile } = await import('node:fs/promises');
    expect(await readFile(path, 'utf8')).toContain('The tide turns at');
  }

  await page.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete “Harbour notes”?' });
  // A dangerous action is not the safe one: the dialog opens on Cancel.
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('No chats yet.')).toBeVisible();
});

test('limits set in Settings apply: a long tool result is truncated for the model, and the step limit ends the turn with a notice', async ({ page, switchboard, fake }) => {
  await page.goto(switchboard.url);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('region', { name: 'Chat' });
  await settings.getByLabel('Steps per turn').fill('2');
  await settings.getByLabel('Tool result cap (characters)').fill('1,000');
  await settings.getByRole('button', { name: 'Save chat settings' }).click();
  await expect(settings.getByRole('status')).toHaveText('Saved.');

  const long = 'tide '.repeat(600);
  fake.script({ blocks: [{ toolUse: { name: 'modern__echo', input: { text: long } } }] }, { blocks: [{ toolUse: { name: 'modern__echo', input: { text: 'again' } } }] });
  const chat = await openChat(page, switchboard.url);
  await chat.send('Echo a lot');
  await chat.approval('echo').getByRole('button', { name: 'Allow once' }).click();

  const [first, second] = [chat.toolCall('echo').first(), chat.toolCall('echo').last()];
  await expect(first).toHaveAttribute('data-status', 'done');
  await expect(first).toContainText('Truncated for the model');
  await expect(first).toContainText(/The model got [\d,]+ of 3,000 characters/);
  await expect(second).toHaveAttribute('data-status', 'cancelled');
  await expect(second).toContainText('reached its limit of 2 model steps');
  await expect(chat.answers.last()).toContainText('Warning: Stopped after 2 steps');
  const sent = JSON.stringify(lastUserContent(fake.messageRequests[1]));
  expect(sent.length).toBeLessThan(long.length);
});
