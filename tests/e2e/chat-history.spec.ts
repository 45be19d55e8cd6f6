import { chatMigrations, ConversationStore } from '../../electron/host/store/conversations.ts';
import { openDatabase } from '../../electron/host/store/database.ts';
import { OPEN_PAGE } from '../../renderer/src/features/chat/message-pages.ts';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from './support/browser-mode.ts';

/** Writes a conversation of `count` messages through a second connection to the running host's database. */
function seedConversation(dataDir: string, title: string, count: number, text: (index: number) => string): void {
  const db = openDatabase(dataDir, chatMigrations);
  try {
    const store = new ConversationStore(db);
    const chat = store.create(title);
    for (let index = 0; index < count; index++) {
      store.addMessage({
        id: crypto.randomUUID(),
        conversationId: chat.id,
        role: index % 2 === 0 ? 'user' : 'assistant',
        blocks: [{ type: 'text', text: text(index) }],
        status: 'complete',
        createdAt: 1_000 + index,
      });
    }
  } finally {
    db.close();
  }
}

test('a long conversation opens at its end, loads older messages while scrolling up, and opens at a search hit far back', async ({ page, switchboard }) => {
  seedConversation(switchboard.dataDir, 'Harbour log', 400, (index) => (index === 7 ? 'Entry 7: a narwhal sighted off the pier.' : `Entry ${index}: calm water.`));
  await page.goto(switchboard.url);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Chat' }).click();
  await page.getByRole('list', { name: 'Conversations' }).getByRole('button', { name: /Harbour log/ }).click();
  const feed = page.getByRole('feed', { name: 'Messages' });
  const newest = feed.getByRole('article').filter({ hasText: 'Entry 399: calm water.' });
  await expect(newest).toBeInViewport();
  // Only the newest page came with the conversation: the newest message is the last of OPEN_PAGE rows, and
  // still says where it stands in the whole conversation.
  await expect(newest).toHaveAttribute('data-index', String(OPEN_PAGE - 1));
  await expect(newest).toHaveAttribute('aria-posinset', '400');
  await expect(newest).toHaveAttribute('aria-setsize', '400');

  // Scrolling up pages older messages in, until the first one.
  const scroller = page.locator('.chat-scroll');
  await expect(async () => {
    await scroller.evaluate((element) => element.scrollTo({ top: 0 }));
    await expect(feed.getByText('Entry 0: calm water.')).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 30_000 });

  await page.reload();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Chat' }).click();
  await page.getByRole('searchbox', { name: 'Search chats' }).fill('narwhal');
  const hit = page.getByRole('list', { name: 'Search results' }).getByRole('button', { name: /Harbour log/ });
  await expect(hit.locator('mark')).toHaveText('narwhal');
  await hit.click();
  await expect(feed.getByText('Entry 7: a narwhal sighted off the pier.')).toBeInViewport();
});

test('a code block is highlighted with its own grammar, fetched alone when an answer first needs it', async ({ page, switchboard }) => {
  seedConversation(switchboard.dataDir, 'Code sample', 2, (index) =>
    index === 0 ? 'Show me a typed constant' : 'Here:\n\n```ts\nconst answer: number = 42;\n```\n',
  );
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto(switchboard.url);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Chat' }).click();
  await page.getByRole('list', { name: 'Conversations' }).getByRole('button', { name: /Code sample/ }).click();
  const code = page.getByRole('feed', { name: 'Messages' }).locator('pre code.hljs');
  await expect(code.locator('.hljs-keyword').first()).toHaveText('const');
  // A grammar chunk is named after its highlight.js language; other lazy chunks (views, shared helpers) are not grammars.
  const chunkNames = scripts.filter((script) => /\/assets\/[a-z][\w]*-[\w-]+\.js$/.test(script)).map((script) => script.split('/').at(-1)!.split('-')[0]);
  const grammars = chunkNames.filter((name) => existsSync(fileURLToPath(new URL(`../../node_modules/highlight.js/lib/languages/${name}.js`, import.meta.url))));
  assert.deepEqual(grammars, ['typescript']);
});
