import { createServer } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fixtureStdio } from '../fixtures/servers/launch.ts';
import { expect } from './support/browser-mode.ts';
import { test } from './support/with-fake-anthropic.ts';
import { serversPage } from './support/servers-page.ts';

test.use({ mcpServers: { modern: fixtureStdio('modern') } });

const ARGUMENT = 'lighthouse-keeper-argument';
const TOKEN = 'Bearer e2e-collector-token';

/** A local OTLP/HTTP receiver: the JSON bodies of `POST /v1/traces`, with their headers. */
async function otlpReceiver() {
  const received: { body: string; headers: IncomingHttpHeaders }[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      if (request.method === 'POST' && request.url === '/v1/traces') received.push({ body, headers: request.headers });
      response.writeHead(request.url === '/v1/traces' ? 200 : 404, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    spanNames: () =>
      received.flatMap(({ body }) =>
        (JSON.parse(body) as { resourceSpans: { scopeSpans: { spans: { name: string }[] }[] }[] }).resourceSpans.flatMap((resource) =>
          resource.scopeSpans.flatMap((scope) => scope.spans.map((span) => span.name)),
        ),
      ),
    /** Each span as its name and its string attributes. */
    spans: () =>
      received.flatMap(({ body }) =>
        (
          JSON.parse(body) as {
            resourceSpans: { scopeSpans: { spans: { name: string; attributes: { key: string; value: { stringValue?: string } }[] }[] }[] }[];
          }
        ).resourceSpans.flatMap((resource) =>
          resource.scopeSpans.flatMap((scope) =>
            scope.spans.map((span): Record<string, string | undefined> => ({
              ...Object.fromEntries(span.attributes.map((entry) => [entry.key, entry.value.stringValue])),
              name: span.name,
            })),
          ),
        ),
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test('an OTLP endpoint set in Settings receives a trace of the next chat turn and of a Run tool call, without arguments or header values in the page', async ({ page, switchboard, fake }) => {
  const receiver = await otlpReceiver();
  try {
    await page.goto(switchboard.url);
    await expect(serversPage(page).card('modern')).toHaveAttribute('data-status', 'connected');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Settings' }).click();
    const section = page.getByRole('region', { name: 'Trace export (OpenTelemetry)' });
    await expect(section).toContainText('Off');

    await section.getByLabel('OTLP endpoint').fill('http://collector.example.com:4318');
    await section.getByRole('button', { name: 'Save' }).click();
    await expect(section.getByRole('alert')).toContainText('Plain http is allowed only to this computer');

    await section.getByLabel('OTLP endpoint').fill(receiver.url);
    await section.getByLabel('Headers').fill(`Authorization: ${TOKEN}`);
    await section.getByRole('button', { name: 'Save' }).click();
    await expect(section.getByRole('status')).toHaveText('Saved: traces are exported.');
    await expect(section).toContainText(`Spans go to ${receiver.url}/v1/traces`);
    await expect(section).toContainText('Stored: Authorization');
    await expect(section.getByLabel('Headers')).toHaveValue('');
    expect(await page.content()).not.toContain('e2e-collector-token');

    fake.script({ blocks: [{ toolUse: { name: 'modern__echo', input: { text: ARGUMENT } } }] }, { blocks: [{ text: 'Echoed.' }] });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Chat' }).click();
    const message = page.getByRole('textbox', { name: 'Message' });
    await message.fill('Echo the keeper');
    await message.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Allow echo on modern?' });
    await dialog.getByRole('button', { name: 'Allow once' }).click();
    await expect(page.getByRole('feed', { name: 'Messages' }).getByRole('article', { name: 'Assistant' }).last()).toContainText('Echoed.');

    // The host batches spans for a few seconds before it posts them.
    const names = () => receiver.spanNames().map((name) => name.replace(/^chat claude-.*/, 'chat {model}')).sort();
    await expect.poll(names, { timeout: 30_000 }).toEqual(['chat turn', 'chat {model}', 'chat {model}', 'tools/call echo']);
    expect(receiver.received.every(({ headers }) => headers.authorization === TOKEN)).toBe(true);
    expect(receiver.received.map(({ body }) => body).join('\n')).not.toContain(ARGUMENT);

    // A call from Run tool is a trace of its own, named for where it came from.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Servers' }).click();
    const ui = serversPage(page);
    await ui.tool('echo').click();
    await ui.runTool.getByLabel('text').fill(ARGUMENT);
    await ui.runTool.getByRole('button', { name: 'Run' }).click();
    await expect(ui.result).toContainText(ARGUMENT);
    const runToolSpans = () => receiver.spans().filter((span) => span['switchboard.call.source'] === 'run-tool');
    await expect.poll(() => runToolSpans().map((span) => [span.name, span['switchboard.server.name']]), { timeout: 30_000 }).toEqual([['tools/call echo', 'modern']]);
    expect(receiver.received.map(({ body }) => body).join('\n')).not.toContain(ARGUMENT);
  } finally {
    await receiver.close();
  }
});
