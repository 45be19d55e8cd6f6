import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { fixtureTools } from '../fixtures/servers/fixture-surface.ts';
import { humanToolNames } from '../fixtures/servers/human-surface.ts';
import { fixtureStdio, startHttpFixture } from '../fixtures/servers/launch.ts';
import { expect, test } from './support/browser-mode.ts';
import { consoleErrors, serversPage } from './support/servers-page.ts';

test.describe('with no servers configured', () => {
  test('add a server by pasting JSON, see it connect with its tools, and see a repeat marked as existing', async ({ page, switchboard }) => {
    const errors = consoleErrors(page);
    const ui = serversPage(page);
    await page.goto(switchboard.url);
    await expect(page.getByRole('heading', { name: 'No servers yet' })).toBeVisible();

    const pasted = JSON.stringify({
      mcpServers: {
        modern: fixtureStdio('modern'),
        nameless: { args: ['x'] },
      },
    });
    await page.getByRole('button', { name: 'Paste JSON' }).click();
    const dialog = ui.dialog('Paste JSON');
    await dialog.getByLabel('JSON').fill(pasted);
    await dialog.getByRole('button', { name: 'Preview' }).click();

    const found = dialog.getByRole('list', { name: 'Servers found' });
    const modern = found.getByRole('listitem', { name: 'modern' });
    await expect(modern).toContainText('New');
    await expect(modern.getByRole('checkbox')).toBeChecked();
    const nameless = found.getByRole('listitem', { name: 'nameless' });
    await expect(nameless).toContainText('Invalid');
    await expect(nameless).toContainText('mcpServers.nameless: needs "command" (a local server) or "url" (a remote one)');
    await expect(nameless.getByRole('checkbox')).toBeDisabled();

    await dialog.getByRole('button', { name: 'Add 1 server' }).click();
    await expect(dialog).toBeHidden();

    const card = ui.card('modern');
    await expect(card).toHaveAttribute('data-status', 'connected');
    await expect(card).toContainText('Connected');
    await expect(card).toContainText('2026-07-28');
    await expect(card).toContainText(`${fixtureTools.length + humanToolNames.length} tools`);
    for (const name of ['echo', 'image', 'crash']) await expect(ui.tool(name)).toBeVisible();
    expect((await switchboard.readConfig()).mcpServers).toHaveProperty('modern');

    await page.getByRole('button', { name: 'Paste JSON' }).click();
    await dialog.getByLabel('JSON').fill(pasted);
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await expect(found.getByRole('listitem', { name: 'modern' })).toContainText('Already exists');
    await expect(found.getByRole('listitem', { name: 'modern' }).getByRole('checkbox')).not.toBeChecked();
    await expect(dialog.getByRole('button', { name: 'Add 0 servers' })).toBeDisabled();
    await dialog.getByRole('button', { name: 'Close' }).click();

    expect(errors).toEqual([]);
  });

  test('the add form shows the host’s precise error, keeps what was typed, then adds a remote server', async ({ page, switchboard }) => {
    const remote = await startHttpFixture('modern');
    try {
      const ui = serversPage(page);
      await page.goto(switchboard.url);
      await page.getByRole('button', { name: 'Add server' }).click();
      const dialog = ui.dialog('Add server');
      await dialog.getByLabel('Name', { exact: true }).fill('web');
      await dialog.getByLabel('Remote (HTTP)').check();
      await dialog.getByLabel('URL').fill('ftp://example.com/mcp');
      await dialog.getByRole('button', { name: 'Header' }).click();
      await dialog.getByLabel('Header 1 name').fill('X-Team');
      await dialog.getByLabel('Header 1 value').fill('blue');
      await dialog.getByRole('button', { name: 'Add server' }).click();

      await expect(dialog.getByRole('alert')).toContainText('mcpServers.web.url: url must be an http(s) URL');
      await expect(dialog.getByLabel('URL')).toHaveAttribute('aria-invalid', 'true');
      await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue('web');
      await expect(dialog.getByLabel('Header 1 value')).toHaveValue('blue');

      await dialog.getByLabel('URL').fill(remote.url);
      await dialog.getByRole('button', { name: 'Add server' }).click();
      await expect(dialog).toBeHidden();
      await expect(ui.card('web')).toHaveAttribute('data-status', 'connected');
      await expect(ui.card('web')).toContainText('http');
      // A header value typed in the form is kept in the secret store; mcp.json refers to it.
      expect((await switchboard.readConfig()).mcpServers?.web).toEqual({ url: remote.url, headers: { 'X-Team': expect.stringMatching(/^\$\{switchboard-secret:[\w-]+\}$/) } });
      expect(JSON.stringify(await switchboard.readConfig())).not.toContain('blue');

      await ui.tab('Info').click();
      await expect(page.getByRole('tabpanel')).toContainText(remote.url);
      await expect(page.getByRole('tabpanel')).toContainText('X-Team');
      await expect(page.getByRole('tabpanel')).not.toContainText('blue');
    } finally {
      await remote.close();
    }
  });
});

test.describe('with a modern fixture server', () => {
  test.use({ mcpServers: { modern: fixtureStdio('modern') } });

  test('run tools by hand through the generated form: text, validation, and an image result', async ({ page, switchboard }) => {
    const errors = consoleErrors(page);
    const ui = serversPage(page);
    await page.goto(switchboard.url);
    await expect(ui.card('modern')).toHaveAttribute('data-status', 'connected');

    await ui.tool('echo').click();
    const run = ui.runTool;
    await run.getByRole('button', { name: 'Run' }).click();
    await expect(run).toContainText("must have required property 'text'");
    await expect(ui.result).toHaveCount(0);

    await run.getByLabel('text').fill('  two spaces\nand a new line');
    await run.getByRole('button', { name: 'Run' }).click();
    await expect(ui.result).toContainText('Success');
    await expect(ui.result.locator('pre')).toHaveText('  two spaces\nand a new line', { useInnerText: true });
    await expect(ui.result).toContainText(/took \d/);

    await ui.tool('image').click();
    await expect(run).toContainText('This tool takes no input.');
    await run.getByRole('button', { name: 'Run' }).click();
    const image = ui.result.getByRole('img', { name: 'Image from the server (image/png)' });
    await expect(image).toBeVisible();
    expect(await image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(8);

    await ui.tool('fail').click();
    await run.getByRole('button', { name: 'Run' }).click();
    await expect(ui.result).toContainText('Error: the tool reported a failure');
    await expect(ui.result).toContainText('this tool always fails');

    await ui.tool('audio').click();
    await run.getByRole('button', { name: 'Run' }).click();
    await expect(ui.result.locator('audio[controls]')).toHaveAttribute('src', /^data:audio\/wav;base64,/);

    await ui.tool('resource_link').click();
    await run.getByRole('button', { name: 'Run' }).click();
    await expect(ui.result).toContainText('fixture://readme');
    // Shown, never followed: there is no link to click.
    await expect(ui.result.getByRole('link')).toHaveCount(0);

    await ui.tool('embedded_resource').click();
    await run.getByRole('button', { name: 'Run' }).click();
    await expect(ui.result).toContainText('{"answer":42}');

    await ui.tool('add').click();
    await run.getByLabel('a').fill('2');
    await run.getByLabel('b').fill('40');
    await run.getByRole('button', { name: 'Run' }).click();
    await expect(ui.result.getByLabel('Structured content')).toContainText('"sum": 42');

    expect(errors).toEqual([]);
  });

  test('a crashed server shows why, then comes back by itself', async ({ page, switchboard }) => {
    const ui = serversPage(page);
    await page.goto(switchboard.url);
    await expect(ui.card('modern')).toHaveAttribute('data-status', 'connected');

    await ui.tool('crash').click();
    await ui.runTool.getByLabel('code').fill('3');
    await ui.runTool.getByRole('button', { name: 'Run' }).click();

    const crashed = await ui.textWhenStatus('modern', 'crashed');
    expect(crashed).toContain('Crashed');
    expect(crashed).toContain('Process exited with code 3');
    expect(crashed).toContain('fixture: crashing with exit code 3');
    expect(crashed).toMatch(/Restart attempt 1 (in \d+ s|now)/);
    // The call that was open when the process died fails with a reason rather than hanging.
    await expect(ui.runTool.getByRole('alert')).toBeVisible();

    await expect(ui.card('modern')).toHaveAttribute('data-status', 'connected', { timeout: 30_000 });
    await expect(ui.card('modern')).toContainText('Back after 1 automatic restart');

    await ui.tab('Log').click();
    const log = page.getByRole('log');
    await expect(log).toContainText('crashing with exit code 3');
    await expect(log).toContainText('restarting in');
    await page.getByLabel('Filter log').fill('exit code 3');
    await expect(log.locator('.log-line')).not.toHaveCount(0);
    await expect(log).not.toContainText('restarting in');
  });

  test('tool switches reach the host, and the log filters and copies what it shows', async ({ page, context, switchboard }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const ui = serversPage(page);
    await page.goto(switchboard.url);
    await expect(ui.card('modern')).toHaveAttribute('data-status', 'connected');

    const echoSwitch = ui.tools.getByRole('switch', { name: 'Use echo', exact: true });
    await echoSwitch.click();
    await expect(echoSwitch).toHaveAttribute('aria-checked', 'false');
    const all = page.getByRole('switch', { name: 'All tools available to the model' });
    await all.click();
    await expect(all).toHaveAttribute('aria-checked', 'false');
    await expect(ui.card('modern')).toContainText('Tools are off for the model');
    await expect(ui.tools.getByRole('switch', { name: 'Use add', exact: true })).toHaveAttribute('aria-checked', 'false');
    // The host is the source of truth: a fresh page shows the same switches.
    await page.reload();
    await expect(page.getByRole('switch', { name: 'All tools available to the model' })).toHaveAttribute('aria-checked', 'false');
    // One tool switched on under a switched-off server: the host turns the server on with only that tool.
    await ui.tools.getByRole('switch', { name: 'Use add', exact: true }).click();
    await expect(page.getByRole('switch', { name: 'All tools available to the model' })).toHaveAttribute('aria-checked', 'true');
    await expect(ui.tools.getByRole('switch', { name: 'Use add', exact: true })).toHaveAttribute('aria-checked', 'true');
    await expect(ui.tools.getByRole('switch', { name: 'Use echo', exact: true })).toHaveAttribute('aria-checked', 'false');
    // All on means every tool on.
    await page.getByRole('switch', { name: 'All tools available to the model' }).click();
    await expect(page.getByRole('switch', { name: 'All tools available to the model' })).toHaveAttribute('aria-checked', 'false');
    await page.getByRole('switch', { name: 'All tools available to the model' }).click();
    await expect(ui.tools.getByRole('switch', { name: 'Use echo', exact: true })).toHaveAttribute('aria-checked', 'true');

    await ui.tool('stderr').click();
    await ui.runTool.getByLabel('text').fill('a line for the log');
    await ui.runTool.getByRole('button', { name: 'Run' }).click();
    await expect(ui.result).toContainText('written to stderr');
    await ui.tab('Log').click();
    const log = page.getByRole('log');
    await expect(log).toContainText('a line for the log');
    await page.getByLabel('Source').selectOption('stderr');
    await expect(log).not.toContainText('started process');
    await page.getByRole('button', { name: 'Copy' }).click();
    await expect(page.getByText(/^Copied \d+ lines?$/)).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3} \[stderr\] \w+: a line for the log$/m);
    expect(copied).not.toContain('[lifecycle]');
  });

  test('the log follows new lines, except while the person has scrolled up', async ({ page, context, switchboard }) => {
    const ui = serversPage(page);
    await page.goto(switchboard.url);
    await expect(ui.card('modern')).toHaveAttribute('data-status', 'connected');
    await ui.tab('Log').click();
    const log = page.getByRole('log');

    // Another window runs the tool, so this page stays on the Log tab while lines arrive.
    const other = await context.newPage();
    await other.goto(switchboard.url);
    const writer = serversPage(other);
    // The form's text input is one line, so each call logs one long entry that wraps over many rows.
    const writeLines = async (prefix: string, count: number) => {
      await writer.tool('stderr').click();
      await writer.runTool.getByLabel('text').fill(Array.from({ length: count }, (_, index) => `${prefix} ${index + 1}`).join(' '));
      await writer.runTool.getByRole('button', { name: 'Run' }).click();
      await expect(writer.result).toContainText('written to stderr');
      // A background tab renders no frames and so fires no scroll events; the person is looking at the log.
      await page.bringToFront();
    };
    const atBottom = () => log.evaluate((element) => element.scrollHeight - element.scrollTop - element.clientHeight < 24);

    await writeLines('first', 400);
    await expect(log).toContainText('first 400');
    await expect.poll(atBottom).toBe(true);

    await log.evaluate((element) => element.scrollTo({ top: 0 }));
    await expect(page.getByRole('button', { name: 'Jump to latest' })).toBeVisible();
    await writeLines('second', 5);
    await expect(log).toContainText('second 5');
    expect(await log.evaluate((element) => element.scrollTop)).toBe(0);

    await page.getByRole('button', { name: 'Jump to latest' }).click();
    await expect.poll(atBottom).toBe(true);
    await writeLines('third', 5);
    await expect(log).toContainText('third 5');
    await expect.poll(atBottom).toBe(true);
    await other.close();
  });

  test('enable, disable and remove with a confirmation', async ({ page, switchboard }) => {
    const ui = serversPage(page);
    await page.goto(switchboard.url);
    const card = ui.card('modern');
    await expect(card).toHaveAttribute('data-status', 'connected');

    await card.getByRole('switch', { name: 'Enable modern' }).click();
    await expect(card).toHaveAttribute('data-status', 'disabled');
    await expect(card).toContainText('Disabled');
    await card.getByRole('switch', { name: 'Enable modern' }).click();
    await expect(card).toHaveAttribute('data-status', 'connected');

    await card.getByRole('button', { name: 'Remove' }).click();
    const confirm = ui.dialog('Remove modern?');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(card).toBeVisible();
    await card.getByRole('button', { name: 'Remove' }).click();
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(card).toHaveCount(0);
    expect((await switchboard.readConfig()).mcpServers).toEqual({});
  });

  test('a dropped connection shows a banner, and the page catches up after reconnecting', async ({ page, context, switchboard }) => {
    let refuse = false;
    let current: { close(): Promise<void> } | undefined;
    await page.routeWebSocket(/\/api$/, async (socket) => {
      if (refuse) return socket.close({ code: 1011, reason: 'test: host away' });
      current = socket;
      socket.connectToServer();
    });
    const ui = serversPage(page);
    await page.goto(switchboard.url);
    await expect(ui.card('modern')).toHaveAttribute('data-status', 'connected');

    refuse = true;
    await current?.close();
    const banner = page.getByRole('alert').filter({ hasText: 'Disconnected from Switchboard' });
    await expect(banner).toBeVisible();

    // Changed while this page cannot hear about it; a second page, opened from the printed address, sees the host take it in.
    const servers = { modern: fixtureStdio('modern'), broken: { url: 'ftp://example.com' } };
    await writeFile(switchboard.configPath, JSON.stringify({ mcpServers: servers }));
    const other = await context.newPage();
    await other.goto(switchboard.url);
    await expect(serversPage(other).card('broken')).toBeVisible();
    await other.close();

    refuse = false;
    await banner.getByRole('button', { name: 'Retry now' }).click();
    await expect(banner).toBeHidden();
    await expect(ui.card('broken')).toHaveAttribute('data-status', 'error');
  });
});

test.describe('with servers of both eras and a broken entry', () => {
  test.use({
    mcpServers: {
      modern: fixtureStdio('modern'),
      legacy: fixtureStdio('legacy'),
      broken: { url: 'ftp://example.com/mcp' },
    },
  });

  test('a broken entry shows its precise error while the others stay connected', async ({ page, switchboard }) => {
    const ui = serversPage(page);
    await page.goto(switchboard.url);
    await expect(ui.card('broken')).toHaveAttribute('data-status', 'error');
    await expect(ui.card('broken')).toContainText('Error');
    await expect(ui.card('broken')).toContainText('mcpServers.broken.url: url must be an http(s) URL');
    await expect(ui.card('modern')).toHaveAttribute('data-status', 'connected');
    await expect(ui.card('legacy')).toHaveAttribute('data-status', 'connected');
    await expect(ui.card('modern')).toContainText('2026-07-28');
    await expect(ui.card('legacy')).toContainText(/2025 · 2025-\d\d-\d\d/);

    // Editing the broken entry starts from what is in the file and fixes it in place.
    await ui.card('broken').getByRole('button', { name: 'Edit' }).click();
    const dialog = ui.dialog('Edit broken');
    await expect(dialog.getByLabel('URL')).toHaveValue('ftp://example.com/mcp');
    await dialog.getByLabel('Local process (stdio)').check();
    const { command, args } = fixtureStdio('legacy');
    await dialog.getByLabel('Command').fill(command);
    await dialog.getByLabel('Arguments').fill(args.join('\n'));
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(ui.card('broken')).toHaveAttribute('data-status', 'connected');
    expect((await switchboard.readConfig()).mcpServers?.broken).toEqual({ command, args });
  });

  test('detail tabs: resources, prompts and info', async ({ page, switchboard }) => {
    const ui = serversPage(page);
    await page.goto(switchboard.url);
    await ui.card('legacy').getByRole('button', { name: 'legacy' }).click();
    await expect(page.getByRole('heading', { name: 'legacy', level: 2 })).toBeVisible();

    await ui.tab('Resources').click();
    await page.getByRole('list', { name: 'Resources' }).getByRole('button', { name: /Fixture readme/ }).click();
    await expect(page.getByRole('region', { name: 'Contents of fixture://readme' })).toContainText('# Fixture server');
    const templates = page.getByRole('region', { name: 'Resource templates' });
    await templates.getByRole('button', { name: 'Fixture item' }).click();
    await templates.getByRole('textbox', { name: 'id', exact: true }).fill('7');
    await templates.getByRole('button', { name: 'Read' }).click();
    await expect(page.getByRole('region', { name: 'Contents of fixture://items/7' })).toContainText('item 7');

    await ui.tab('Prompts').click();
    const prompt = page.getByRole('article', { name: 'Prompt greet' });
    await prompt.getByLabel('name').fill('Ada');
    await prompt.getByRole('button', { name: 'Get prompt' }).click();
    await expect(prompt.getByRole('region', { name: 'Prompt messages' })).toContainText('Hello, Ada!');

    await ui.tab('Info').click();
    const info = page.getByRole('tabpanel');
    await expect(info).toContainText('2025-era protocol');
    await expect(info).toContainText('legacy-server.ts');
    await expect(info.getByRole('region', { name: 'Capabilities' })).toContainText('"tools"');
  });
});

test.describe('with servers that hold an env secret and a header token', () => {
  const envSecret = 'sk-e2e-env-never-in-the-page-4c1d9a';
  const headerSecret = 'Bearer e2e-header-never-in-the-page-77b0';
  const pastedSecret = 'Bearer e2e-pasted-write-only-31f5';
  const keeper = { ...fixtureStdio('modern'), env: { FIXTURE_TOKEN: envSecret } };
  test.use({
    mcpServers: { keeper, remote: { url: 'http://127.0.0.1:9/mcp', headers: { Authorization: headerSecret, 'X-Team': 'blue' }, disabled: true } },
  });

  test('editing only the arguments keeps the secret, the server still gets it, and the page never holds it', async ({ page, switchboard }) => {
    const received: string[] = [];
    page.on('websocket', (socket) => socket.on('framereceived', (frame) => received.push(String(frame.payload))));
    const errors = consoleErrors(page);
    const ui = serversPage(page);
    const pageText = () =>
      page.evaluate(() => document.documentElement.outerHTML + [...document.querySelectorAll('input, textarea')].map((field) => (field as HTMLInputElement).value).join('\n'));
    await page.goto(switchboard.url);
    await expect(ui.card('keeper')).toHaveAttribute('data-status', 'connected');

    await ui.card('keeper').getByRole('button', { name: 'Edit' }).click();
    const dialog = ui.dialog('Edit keeper');
    await expect(dialog.getByLabel('Variable 1 name')).toHaveValue('FIXTURE_TOKEN');
    await expect(dialog.getByLabel('Variable 1 value')).toHaveValue('');
    // Written into mcp.json by hand: the form says so, and the value stays there.
    await expect(dialog.getByLabel('Variable 1 value')).toHaveAttribute('placeholder', '•••• in mcp.json (plain text)');
    await expect(dialog.getByRole('button', { name: 'Replace variable 1' })).toBeVisible();
    const editedArgs = [...keeper.args, '--name', 'kept-secret'];
    await dialog.getByLabel('Arguments').fill(editedArgs.join('\n'));
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(ui.card('keeper')).toHaveAttribute('data-status', 'connected');
    expect((await switchboard.readConfig()).mcpServers?.keeper).toEqual({ ...keeper, args: editedArgs });

    // The restarted server has the secret; the fixture reports its length and digest, never the value.
    await ui.card('keeper').getByRole('button', { name: 'keeper' }).click();
    await ui.tool('env').click();
    await ui.runTool.getByLabel('name').fill('FIXTURE_TOKEN');
    await ui.runTool.getByRole('button', { name: 'Run' }).click();
    const digest = createHash('sha256').update(envSecret).digest('hex');
    await expect(ui.result).toContainText(`FIXTURE_TOKEN is set: ${envSecret.length} characters, sha256 ${digest}`);

    // A header token is replaced write-only: what is typed is masked and never written into the page's markup.
    await ui.card('remote').getByRole('button', { name: 'Edit' }).click();
    const remote = ui.dialog('Edit remote');
    await remote.getByRole('button', { name: 'Replace header 1' }).click();
    const value = remote.getByLabel('Header 1 value');
    await expect(value).toBeFocused();
    await expect(value).toHaveAttribute('type', 'password');
    await value.fill(pastedSecret);
    expect(await page.content()).not.toContain(pastedSecret);
    await remote.getByRole('button', { name: 'Save' }).click();
    await expect(remote).toBeHidden();
    // Typed in the app: kept in the secret store, and mcp.json only refers to it.
    expect((await switchboard.readConfig()).mcpServers?.remote).toMatchObject({
      headers: { Authorization: expect.stringMatching(/^\$\{switchboard-secret:[\w-]+\}$/), 'X-Team': 'blue' },
    });
    expect(JSON.stringify(await switchboard.readConfig())).not.toContain('e2e-pasted-write-only');
    await ui.card('remote').getByRole('button', { name: 'Edit' }).click();
    await expect(remote.getByLabel('Header 1 value')).toHaveAttribute('placeholder', '•••• in secret storage');
    await expect(remote.getByLabel('Header 2 value')).toHaveAttribute('placeholder', '•••• in mcp.json (plain text)');

    const shown = await pageText();
    for (const secret of [envSecret, 'e2e-header-never', 'e2e-pasted-write-only']) {
      expect(shown).not.toContain(secret);
      expect(received.filter((frame) => frame.includes(secret))).toEqual([]);
    }
    expect(received.some((frame) => frame.includes('"servers.configChanged"'))).toBe(true);
    expect(errors).toEqual([]);
  });
});
