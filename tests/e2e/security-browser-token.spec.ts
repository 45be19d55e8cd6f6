import http from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { WebSocket } from 'ws';
import { expect } from './support/browser-mode.ts';
import { test } from './support/with-fake-anthropic.ts';

// Issue #7, item 1, end to end: a chat answer links to a page another program serves on another port of
// 127.0.0.1; the person opens it through the consent dialog, and also types its address. That program then
// tries what the attacker did: open Switchboard's /api with whatever it received, without an Origin, and add
// a server that runs a shell. It must get nowhere, and the app must keep working across a reload, a second
// tab and a restart of `serve`.

interface Received {
  url: string;
  headers: IncomingHttpHeaders;
}

/** Another program on this computer: answers every request with a small page and records what came with it. */
async function startListener() {
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
    received.push({ url: request.url ?? '', headers: request.headers });
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end('<!doctype html><title>Another program</title><p>Hello from another port.</p>');
  });
  await new Promise<void>((resolve) => server.listen({ host: '127.0.0.1', port: 0 }, resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

const HOP_BY_HOP = new Set(['host', 'connection', 'upgrade', 'origin', 'content-length', 'transfer-encoding', 'keep-alive', 'sec-websocket-key', 'sec-websocket-version', 'sec-websocket-extensions']);

/** Everything the listener was sent that it could pass on, as the attacker would: cookies, authorization, any header. */
function replayable(headers: IncomingHttpHeaders): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (HOP_BY_HOP.has(name) || value === undefined) continue;
    kept[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return kept;
}

/** Opens /api without an Origin, carrying the given headers; resolves with the open socket or the refusal's status. */
function attack(port: number, headers: Record<string, string>, query = ''): Promise<WebSocket | number> {
  const protocols = (headers['sec-websocket-protocol'] ?? '').split(',').map((entry) => entry.trim()).filter(Boolean);
  return new Promise((resolve) => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/api${query}`, protocols, { headers, handshakeTimeout: 10_000 });
    socket.once('open', () => resolve(socket));
    socket.once('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? -1);
      response.resume();
      socket.terminate();
    });
    socket.once('error', () => resolve(-1));
  });
}

function call(socket: WebSocket, id: number, method: string, params: unknown): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer to ${method}`)), 15_000);
    socket.on('message', (data: Buffer) => {
      const message = JSON.parse(data.toString('utf8')) as Record<string, unknown>;
      if (message.id !== id || message.type === 'event') return;
      clearTimeout(timer);
      resolve(message);
    });
    socket.send(JSON.stringify({ type: 'call', id, method, params }));
  });
}

/** The app is connected when the servers view has heard from the host and no banner says otherwise. */
async function expectConnected(page: Page) {
  await expect(page.getByRole('heading', { name: 'No servers yet' })).toBeVisible();
  await expect(page.getByText('Disconnected from Switchboard.')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: /Open the address that/ })).toHaveCount(0);
}

test('a page on another loopback port, opened from a chat link, gets nothing that opens /api, and no server is added', async ({ page, context, switchboard, fake }) => {
  const listener = await startListener();
  try {
    const elsewhere = `http://127.0.0.1:${listener.port}/landing`;
    const ownLink = `http://127.0.0.1:${switchboard.port}/#token=planted`;
    fake.script({ blocks: [{ text: `The report is [on this page](${elsewhere}); the app is [here](${ownLink}).` }] });

    await page.goto(switchboard.url);
    await expectConnected(page);
    await expect.poll(() => page.url()).toBe(`http://127.0.0.1:${switchboard.port}/`);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Chat' }).click();
    const message = page.getByRole('textbox', { name: 'Message' });
    await message.fill('Where is the report?');
    await message.press('Enter');
    const answer = page.getByRole('feed', { name: 'Messages' }).getByRole('article', { name: 'Assistant' }).last();
    await expect(answer).toHaveAttribute('data-status', 'complete');

    // Switchboard's own port is never offered: blocked, with the reason, and no question.
    await answer.getByRole('button', { name: `here (${ownLink})` }).click();
    await expect(answer).toContainText(`Blocked: This is Switchboard's own address (port ${switchboard.port} on this computer).`);
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // Another program's port: the dialog names the port and says who serves it; the person opens it.
    await answer.getByRole('button', { name: `on this page (${elsewhere})` }).click();
    const dialog = page.getByRole('dialog', { name: `Open a page on 127.0.0.1:${listener.port}?` });
    await expect(dialog).toContainText(`Opens a page on port ${listener.port} of this computer, served by another program there, not by Switchboard.`);
    const popup = context.waitForEvent('page');
    await dialog.getByRole('button', { name: 'Open page' }).click();
    await expect((await popup).getByText('Hello from another port.')).toBeVisible();

    // And the person types the address into a tab of the same browser.
    const typed = await context.newPage();
    await typed.goto(`http://127.0.0.1:${listener.port}/typed`);
    await expect(typed.getByText('Hello from another port.')).toBeVisible();
    expect(listener.received.map((entry) => entry.url)).toEqual(expect.arrayContaining(['/landing', '/typed']));

    // What the listener holds: nothing with the token in it, anywhere.
    for (const entry of listener.received) {
      expect(JSON.stringify(entry)).not.toContain(switchboard.token);
      expect(entry.headers.cookie ?? '').toBe('');
    }

    // The attack: replay whatever came, with no Origin, and try to add a server that runs a shell.
    let id = 1;
    for (const entry of listener.received) {
      for (const attempt of [await attack(switchboard.port, replayable(entry.headers)), await attack(switchboard.port, replayable(entry.headers), entry.url.replace(/^[^?]*/, ''))]) {
        if (typeof attempt === 'number') {
          expect(attempt).toBe(401);
          continue;
        }
        const added = await call(attempt, id++, 'servers.add', { name: 'pwned', config: { command: '/bin/sh', args: ['-c', 'exit 0'] } });
        attempt.close();
        expect(added, 'the listener opened /api and added a server').toBeUndefined();
      }
    }

    expect(Object.keys((await switchboard.readConfig()).mcpServers ?? {})).not.toContain('pwned');
    const owner = await attack(switchboard.port, { authorization: `Bearer ${switchboard.token}` });
    expect(typeof owner).not.toBe('number');
    const listed = await call(owner as WebSocket, id++, 'servers.list', {});
    (owner as WebSocket).close();
    expect((listed.result as { name: string }[]).map((server) => server.name)).not.toContain('pwned');
  } finally {
    await listener.close();
  }
});

test('a reload, a second tab from the printed address and a restart of serve keep working; a page without the token says how to get in', async ({ page, context, switchboard }) => {
  await page.goto(switchboard.url);
  await expectConnected(page);
  await expect.poll(() => page.url()).toBe(`http://127.0.0.1:${switchboard.port}/`);

  await page.reload();
  await expectConnected(page);

  const second = await context.newPage();
  await second.goto(switchboard.url);
  await expectConnected(second);

  // Typed without the token: no access, and the screen says where the way in is.
  const typed = await context.newPage();
  await typed.goto(`http://127.0.0.1:${switchboard.port}/`);
  await expect(typed.getByRole('heading', { name: 'Open the address that switchboard serve printed' })).toBeVisible();

  const printedAgain = await switchboard.restart();
  expect(printedAgain).toBe(switchboard.url);
  // The open tab finds the restarted host by itself (same port, same token), and a reload still works.
  await expectConnected(page);
  await page.reload();
  await expectConnected(page);
  await second.reload();
  await expectConnected(second);
});

test('a token the host no longer knows (serve --new-token) shows the way in instead of retrying forever', async ({ page, switchboard }) => {
  // A tab holding a stale token, as after `serve --new-token`: the address of another run.
  await page.goto(`http://127.0.0.1:${switchboard.port}/#token=${'s'.repeat(43)}`);
  await expect(page.getByRole('heading', { name: 'Open the address that switchboard serve printed' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Open the address that switchboard serve printed' })).toBeVisible();
  await page.goto(switchboard.url);
  await expectConnected(page);
});
