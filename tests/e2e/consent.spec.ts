import type { Page } from '@playwright/test';
import type { AnthropicRequest } from '../fixtures/fake-llm/anthropic.ts';
import { fixtureStdio } from '../fixtures/servers/launch.ts';
import { expect } from './support/browser-mode.ts';
import { test } from './support/with-fake-anthropic.ts';
import { consentDialog, foreignRequests, openSettings, recordWindowOpen, runTool } from './support/consent-page.ts';
import { consoleErrors, serversPage } from './support/servers-page.ts';

test.use({ mcpServers: { modern: fixtureStdio('modern'), legacy: fixtureStdio('legacy') } });

async function openServers(page: Page, url: string, server = 'modern') {
  await page.goto(url);
  const ui = serversPage(page);
  await expect(ui.card(server)).toHaveAttribute('data-status', 'connected');
  await ui.card(server).getByRole('button', { name: server, exact: true }).click();
  return ui;
}

function chatPage(page: Page) {
  const feed = page.getByRole('feed', { name: 'Messages' });
  return {
    feed,
    toolCall: (tool: string, server = 'modern') => feed.getByRole('region', { name: `Tool call ${tool} on ${server}` }),
    async send(text: string) {
      const message = page.getByRole('textbox', { name: 'Message' });
      await message.fill(text);
      await message.press('Enter');
    },
  };
}

function systemText(request: AnthropicRequest): string {
  const system = request.body?.system;
  return typeof system === 'string' ? system : JSON.stringify(system ?? '');
}

test.describe('form elicitation', () => {
  test('a form from a tool call in the chat: errors are explained, then the typed values reach the server, which echoes them', async ({ page, switchboard, fake }) => {
    const errors = consoleErrors(page);
    fake.script({ blocks: [{ toolUse: { name: 'modern__elicit_form', input: {} } }] }, { blocks: [{ text: 'Thanks, Ada.' }] });
    await openServers(page, switchboard.url);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Chat' }).click();
    const chat = chatPage(page);
    await chat.send('Introduce me to the fixture');
    await page.getByRole('dialog', { name: 'Allow elicit_form on modern?' }).getByRole('button', { name: 'Allow once' }).click();

    const form = consentDialog(page, 'modern asks for information');
    await expect(form).toBeVisible();
    await expect(form.getByRole('region', { name: 'Message from the server' })).toHaveText(/Tell the fixture about yourself/);
    await expect(form).toContainText('while answering in');
    await expect(chat.toolCall('elicit_form')).toContainText('modern asks you to fill in a form for this call.');
    await expect(form.getByRole('alert')).toHaveCount(0);

    const name = form.getByRole('textbox', { name: 'Name', exact: true });
    const age = form.getByRole('textbox', { name: 'Age', exact: true });
    // A whole number is typed as text with a numeric keyboard; a name is not spell-checked.
    await expect(age).toHaveAttribute('inputmode', 'numeric');
    await expect(name).toHaveAttribute('spellcheck', 'false');
    await expect(name).toHaveAttribute('type', 'text');
    await form.getByRole('button', { name: 'Send' }).click();
    await expect(form.getByRole('alert')).toContainText('Name: This field is required');
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(name).toBeFocused();

    await name.fill('Ada');
    await age.fill('two hundred');
    await form.getByRole('button', { name: 'Send' }).click();
    await expect(form.getByRole('alert')).toContainText('Age: Enter a whole number');
    await age.fill('200');
    await form.getByRole('button', { name: 'Send' }).click();
    await expect(form.getByRole('alert')).toContainText('Age: At most 150');

    await age.fill('36');
    await form.getByRole('checkbox', { name: 'Subscribe' }).check();
    await form.getByRole('button', { name: 'Send' }).click();
    await expect(form).toBeHidden();

    const call = chat.toolCall('elicit_form');
    await expect(call).toHaveAttribute('data-status', 'done');
    const result = call.getByRole('region', { name: 'Result of elicit_form' });
    await expect(result).toContainText('"action":"accept"');
    const echoed = JSON.parse((await result.locator('pre').first().innerText()) as string) as { content?: unknown };
    expect(echoed.content).toEqual({ name: 'Ada', age: 36, subscribe: true });
    await expect(page.getByRole('feed', { name: 'Messages' }).getByRole('article', { name: 'Assistant' }).last()).toContainText('Thanks, Ada.');
    expect(errors).toEqual([]);
  });

  test('Decline and Cancel each send their own answer, in both protocol eras', async ({ page, switchboard }) => {
    for (const server of ['modern', 'legacy']) {
      const ui = await openServers(page, switchboard.url, server);
      await runTool(page, 'elicit_form');
      await consentDialog(page, `${server} asks for information`).getByRole('button', { name: 'Decline' }).click();
      await expect(ui.result).toContainText('"action":"decline"');
      await expect(ui.result).not.toContainText('content');

      await runTool(page, 'elicit_form');
      await consentDialog(page, `${server} asks for information`).getByRole('button', { name: 'Cancel' }).click();
      await expect(ui.result).toContainText('"action":"cancel"');
    }
  });

  test('two inputs asked in one round share one dialog and are answered each', async ({ page, switchboard }) => {
    const ui = await openServers(page, switchboard.url);
    await runTool(page, 'two_inputs');
    const round = consentDialog(page, 'modern asks 2 things at once');
    await expect(round.getByRole('region', { name: 'modern asks for information' })).toHaveCount(2);
    const [city, colour] = [round.getByRole('region').filter({ hasText: 'Which city?' }), round.getByRole('region').filter({ hasText: 'Which colour?' })];
    await city.getByRole('textbox', { name: 'city', exact: true }).fill('Oslo');
    await city.getByRole('button', { name: 'Send' }).click();
    await expect(round).toContainText('1 already answered');
    await colour.getByRole('combobox', { name: 'color' }).selectOption('green');
    await colour.getByRole('button', { name: 'Send' }).click();
    await expect(round).toBeHidden();
    await expect(ui.result).toContainText('"city":{"kind":"elicit","action":"accept","content":{"city":"Oslo"}}');
    await expect(ui.result).toContainText('"content":{"color":"green"}');
  });
});

test.describe('URL elicitation', () => {
  test('the full address with its domain; nothing opens or loads before consent, then exactly that address in a new tab', async ({ page, switchboard }) => {
    const opened = await recordWindowOpen(page);
    const foreign = foreignRequests(page, switchboard.url);
    const ui = await openServers(page, switchboard.url);
    const url = 'https://login.example.com/sign-in?step=2#top';
    await runTool(page, 'elicit_url', { url, message: 'Sign in to go on' });

    const dialog = consentDialog(page, 'modern wants to open a page on example.com');
    await expect(dialog.getByRole('group', { name: 'Full address' })).toHaveText(url);
    await expect(dialog.locator('.url-domain')).toHaveText('example.com');
    await expect(dialog.getByRole('region', { name: 'Message from the server' })).toContainText('Sign in to go on');
    await expect(dialog.getByRole('link')).toHaveCount(0);
    await expect(dialog.locator('img, link, iframe')).toHaveCount(0);
    expect(await opened()).toEqual([]);

    await dialog.getByRole('button', { name: 'Open page' }).click();
    await expect(dialog).toBeHidden();
    expect(await opened()).toEqual([[url, '_blank', 'noopener,noreferrer']]);
    await expect(ui.result).toContainText('"action":"accept"');
    await expect(page.getByRole('status', { name: 'Consent notices' })).toContainText('modern: opened example.com in a new tab.');
    expect(foreign).toEqual([]);
  });

  test('javascript: and file: addresses are never offered, a look-alike is flagged with Decline first, and nothing opens', async ({ page, switchboard }) => {
    const opened = await recordWindowOpen(page);
    const ui = await openServers(page, switchboard.url);

    // The host declines an address it may not open without asking; the server's log says why.
    for (const [url, reason] of [
      ['javascript:alert(document.cookie)', 'javascript: addresses run code instead of opening a page'],
      ['file:///etc/passwd', 'file: addresses open files and programs on this computer'],
    ]) {
      await runTool(page, 'elicit_url', { url });
      await expect(ui.result).toContainText('"action":"decline"');
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await ui.tab('Log').click();
      await expect(page.getByRole('tabpanel')).toContainText(`declined a URL it may not open (${reason})`);
      await ui.tab('Tools').click();
    }

    // Cyrillic "а" in place of the Latin "a": apple.com to the eye, another site to the network.
    await runTool(page, 'elicit_url', { url: 'https://xn--pple-43d.com/account' });
    const lookalike = consentDialog(page, 'modern wants to open a page on аpple.com');
    await expect(lookalike.getByRole('region', { name: 'Warnings' })).toContainText('Danger:');
    await expect(lookalike.getByRole('region', { name: 'Warnings' })).toContainText('Cyrillic');
    await expect(lookalike).toContainText('Sent as xn--pple-43d.com');
    await expect(lookalike.getByRole('button', { name: 'Decline' })).toHaveClass(/button-primary/);
    await expect(lookalike.getByRole('button', { name: 'Open anyway' })).not.toHaveClass(/button-primary/);
    await lookalike.getByRole('button', { name: 'Decline' }).click();
    await expect(ui.result).toContainText('"action":"decline"');
    expect(await opened()).toEqual([]);
  });

  test('a 2025-era URL step: after opening, the dialog waits until the person has finished, and the call is retried', async ({ page, switchboard }) => {
    const opened = await recordWindowOpen(page);
    const ui = await openServers(page, switchboard.url, 'legacy');
    const url = 'https://auth.example.org/consent';
    await runTool(page, 'elicit_url', { url, via: 'error' });
    await consentDialog(page, 'legacy wants to open a page on example.org').getByRole('button', { name: 'Open page' }).click();
    expect(await opened()).toEqual([[url, '_blank', 'noopener,noreferrer']]);

    const waiting = consentDialog(page, 'Finish on example.org, then come back');
    await expect(waiting.getByRole('status')).toContainText('Waiting for you');
    await expect(waiting.getByRole('group', { name: 'Full address' })).toHaveText(url);
    await waiting.getByRole('button', { name: 'I have finished' }).click();
    await expect(ui.result).toContainText('"completed":true');
    expect(await opened()).toHaveLength(1);

    // This time the server reports the step complete by itself: the wait closes, says why, and the call goes on.
    const second = 'https://auth.example.org/second';
    await ui.tab('Info').click();
    await ui.tab('Tools').click();
    await runTool(page, 'elicit_url', { url: second, via: 'error', completeAfterMs: '4000' });
    await consentDialog(page, 'legacy wants to open a page on example.org').getByRole('button', { name: 'Open page' }).click();
    await expect(waiting).toBeVisible();
    await expect(waiting).toBeHidden({ timeout: 15_000 });
    await expect(page.getByRole('status', { name: 'Consent notices' })).toContainText('legacy: the wait for the page closed: the server reported that the step in the browser is complete.');
    await expect(ui.result).toContainText('"completed":true');
    expect((await opened()).map(([url]) => url)).toEqual([url, second]);
  });
});

test.describe('sampling', () => {
  test('approved as asked: the prompt, the model the host picked, then the answer reviewed before the server gets it', async ({ page, switchboard, fake }) => {
    fake.script({ blocks: [{ text: 'Harbour status: calm.' }] });
    const ui = await openServers(page, switchboard.url);
    await runTool(page, 'sample', { prompt: 'How is the harbour?', maxTokens: '120', hint: 'sonnet' });

    const review = consentDialog(page, 'modern wants to ask the model');
    await expect(review.getByRole('textbox', { name: 'System prompt' })).toHaveValue("You are the fixture server's helper.");
    await expect(review.getByRole('textbox', { name: 'Message 1 (user)' })).toHaveValue('How is the harbour?');
    await expect(review.getByRole('textbox', { name: 'Maximum tokens' })).toHaveValue('120');
    await expect(review).toContainText('claude-sonnet-4-6');
    await expect(review).toContainText('matches the server\'s hint "sonnet"');
    await expect(review).toContainText('Models like sonnet');
    expect(fake.messageRequests).toHaveLength(0);
    await review.getByRole('button', { name: 'Send to the model' }).click();

    const answer = consentDialog(page, 'Send the model’s answer to modern?');
    await expect(answer.getByRole('textbox', { name: 'Answer' })).toHaveValue('Harbour status: calm.');
    await answer.getByRole('button', { name: 'Send to modern' }).click();
    await expect(ui.result).toContainText('Harbour status: calm.');
    expect(fake.messageRequests).toHaveLength(1);
    expect(fake.messageRequests[0].body?.model).toBe('claude-sonnet-4-6');
    expect(JSON.stringify(fake.messageRequests[0].body?.messages)).toContain('How is the harbour?');
  });

  test('edited: the edited prompt is what reaches the model, and the corrected answer is what the server gets', async ({ page, switchboard, fake }) => {
    fake.script({ blocks: [{ text: 'Three ships.' }] });
    const ui = await openServers(page, switchboard.url, 'legacy');
    await runTool(page, 'sample', { prompt: 'Count the ships', maxTokens: '100' });

    const review = consentDialog(page, 'legacy wants to ask the model');
    await review.getByRole('textbox', { name: 'Message 1 (user)' }).fill('Count only the red ships');
    await review.getByRole('textbox', { name: 'System prompt' }).fill('Answer in three words.');
    await review.getByRole('textbox', { name: 'Maximum tokens' }).fill('50');
    await review.getByRole('button', { name: 'Send my version' }).click();

    const answer = consentDialog(page, 'Send the model’s answer to legacy?');
    await expect(answer.getByRole('textbox', { name: 'Answer' })).toHaveValue('Three ships.');
    await answer.getByRole('textbox', { name: 'Answer' }).fill('Two red ships.');
    await answer.getByRole('button', { name: 'Send my version' }).click();

    await expect(ui.result).toContainText('Two red ships.');
    await expect(ui.result).not.toContainText('Three ships.');
    const sent = fake.messageRequests[0];
    expect(JSON.stringify(sent.body?.messages)).toContain('Count only the red ships');
    expect(JSON.stringify(sent.body?.messages)).not.toContain('Count the ships');
    expect(systemText(sent)).toContain('Answer in three words.');
    expect(sent.body?.max_tokens).toBe(50);
  });

  test('rejected: nothing reaches the model and the tool result says the person refused', async ({ page, switchboard, fake }) => {
    const ui = await openServers(page, switchboard.url, 'legacy');
    await runTool(page, 'sample', { prompt: 'Write a poem about secrets' });
    const review = consentDialog(page, 'legacy wants to ask the model');
    await review.getByLabel('Reason for rejecting (optional)').fill('not today');
    // Whether to allow sampling at all is asked at the first request: rejecting can turn it off for the server.
    await review.getByRole('checkbox', { name: /When I reject, turn sampling off for legacy/ }).check();
    await review.getByRole('button', { name: 'Reject' }).click();
    await expect(review).toBeHidden();
    await expect(ui.result).toContainText('"kind":"error"');
    await expect(ui.result).toContainText('"code":-1');
    await expect(ui.result).toContainText('not today');

    // Now off, as the server's Access tab shows: refused without asking.
    await ui.tab('Access').click();
    await expect(page.getByRole('switch', { name: 'Allow legacy to ask the model' })).toHaveAttribute('aria-checked', 'false');
    await ui.tab('Tools').click();
    await runTool(page, 'sample', { prompt: 'Once more?' });
    await expect(ui.result).toContainText('sampling is turned off');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(fake.messageRequests).toHaveLength(0);
  });
});

test.describe('trusting a new server', () => {
  test.use({ trustConfig: false, mcpServers: { modern: fixtureStdio('modern') } });

  test('the exact launch is shown and the server starts only after Trust', async ({ page, switchboard }) => {
    await page.goto(switchboard.url);
    const ui = serversPage(page);
    const card = ui.card('modern');
    await expect(card).toHaveAttribute('data-status', 'awaiting-trust');

    const dialog = consentDialog(page, 'Start modern?');
    const launch = fixtureStdio('modern');
    await expect(dialog.getByRole('list', { name: 'Arguments' })).toHaveText(launch.args.join(''));
    await expect(dialog).toContainText(launch.command);
    await expect(dialog.getByRole('region', { name: 'Risks' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Don’t start' }).click();
    await expect(card).toHaveAttribute('data-status', 'untrusted');
    await expect(card).toContainText('you chose not to trust');

    await card.getByRole('button', { name: 'Review and trust' }).click();
    await expect(dialog).toBeVisible();
    await expect(card).toHaveAttribute('data-status', 'awaiting-trust');
    await dialog.getByRole('button', { name: 'Trust and start' }).click();
    await expect(card).toHaveAttribute('data-status', 'connected');

    await ui.tab('Access').click();
    await expect(page.getByRole('tabpanel')).toContainText('You trust this exact launch');
  });
});

test('roots: a folder added on the Access tab is what the server gets from roots/list', async ({ page, switchboard }) => {
  const ui = await openServers(page, switchboard.url, 'legacy');
  await ui.tab('Access').click();
  const panel = page.getByRole('tabpanel');
  await panel.getByLabel('Folder path').fill('/no/such/folder');
  await panel.getByRole('button', { name: 'Add folder' }).click();
  await expect(panel.getByRole('alert')).toBeVisible();
  await expect(panel.getByLabel('Folder path')).toHaveValue('/no/such/folder');

  await panel.getByLabel('Folder path').fill(switchboard.dataDir);
  await panel.getByLabel('Name (optional)').fill('Test data');
  await panel.getByRole('button', { name: 'Add folder' }).click();
  const roots = panel.getByRole('list', { name: 'Roots of legacy' });
  await expect(roots).toContainText('Test data');
  await expect(panel.getByLabel('Folder path')).toHaveValue('');

  await ui.tab('Tools').click();
  await runTool(page, 'list_roots');
  await expect(ui.result).toContainText(`"uri":"file://${switchboard.dataDir}"`);
  await expect(ui.result).toContainText('"name":"Test data"');

  await ui.tab('Access').click();
  await page.getByRole('tabpanel').getByRole('button', { name: `Remove ${switchboard.dataDir}` }).click();
  await expect(page.getByRole('tabpanel')).toContainText('No folders.');
});

test('allow everything: named dangerous, confirmed, then a banner on every view until turned off', async ({ page, switchboard, fake }) => {
  fake.script({ blocks: [{ toolUse: { name: 'modern__echo', input: { text: 'unasked' } } }] }, { blocks: [{ text: 'Done without asking.' }] });
  await openServers(page, switchboard.url);
  const banner = page.getByRole('region', { name: 'Dangerous mode' });
  await expect(banner).toHaveCount(0);

  await openSettings(page);
  const approvals = page.getByRole('group', { name: 'When the model wants to use a tool' });
  await expect(approvals.getByRole('radio', { name: /^Ask every time/ })).toBeChecked();
  await approvals.getByRole('radio', { name: /^Allow everything without asking \(dangerous\)/ }).click();
  await page.getByRole('dialog', { name: 'Allow every tool call without asking?' }).getByRole('button', { name: 'Allow everything' }).click();
  await expect(banner).toContainText('every tool call runs without asking you');
  await expect(approvals.getByRole('radio', { name: /^Allow everything/ })).toBeChecked();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Chat' }).click();
  await expect(banner).toBeVisible();
  const chat = chatPage(page);
  await chat.send('Echo something');
  await expect(chat.toolCall('echo')).toHaveAttribute('data-status', 'done');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await banner.getByRole('button', { name: 'Turn off (ask every time)' }).click();
  await expect(banner).toHaveCount(0);
  await openSettings(page);
  await expect(approvals.getByRole('radio', { name: /^Ask every time/ })).toBeChecked();
});

test('read-only tools run unasked only on a server marked trusted, in the mode that allows it', async ({ page, switchboard, fake }) => {
  fake.script(
    { blocks: [{ toolUse: { name: 'modern__echo', input: { text: 'read only' } } }] },
    { blocks: [{ toolUse: { name: 'modern__image', input: {} } }] },
    { blocks: [{ text: 'Both done.' }] },
  );
  await openServers(page, switchboard.url);
  await openSettings(page);
  await page.getByRole('group', { name: 'When the model wants to use a tool' }).getByRole('radio', { name: /^Run read-only tools without asking/ }).click();
  const trusted = page.getByRole('switch', { name: 'Trust modern for auto-approval' });
  await trusted.click();
  await expect(trusted).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByRole('region', { name: 'Dangerous mode' })).toHaveCount(0);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Chat' }).click();
  const chat = chatPage(page);
  await chat.send('Echo, then draw');
  await expect(chat.toolCall('echo')).toHaveAttribute('data-status', 'done');
  // The image tool declares no read-only hint, so it still asks.
  const approval = page.getByRole('dialog', { name: 'Allow image on modern?' });
  await expect(approval).toBeVisible();
  await approval.getByRole('button', { name: 'Allow once' }).click();
  await expect(chat.toolCall('image')).toHaveAttribute('data-status', 'done');
});

test('the tool uses of one answer share one dialog: allow one, deny one, an invalid edit refused, then allow all shown', async ({ page, switchboard, fake }) => {
  fake.script(
    {
      blocks: [
        { toolUse: { name: 'modern__echo', input: { text: 'first' } } },
        { toolUse: { name: 'modern__echo', input: { text: 'second' } } },
        { toolUse: { name: 'modern__add', input: { a: 1, b: 2 } } },
        { toolUse: { name: 'modern__add', input: { a: 3, b: 4 } } },
      ],
    },
    { blocks: [{ text: 'All four settled.' }] },
  );
  await openServers(page, switchboard.url);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Chat' }).click();
  const chat = chatPage(page);
  await chat.send('Do four things');

  // The title counts the calls still open.
  const dialog = page.getByRole('dialog', { name: /^Allow \d tool calls on modern\?$/ });
  await expect(dialog).toHaveAccessibleName('Allow 4 tool calls on modern?');
  await expect(page.getByRole('dialog')).toHaveCount(1);
  const echoes = dialog.getByRole('listitem', { name: 'echo on modern' });
  const adds = dialog.getByRole('listitem', { name: 'add on modern' });
  await expect(echoes).toHaveCount(2);
  await expect(adds).toHaveCount(2);
  // Focus starts on the first call's safe primary action; `a` allows the call in focus (once the dialog has settled).
  await expect(echoes.first().getByRole('button', { name: 'Allow once' })).toBeFocused();
  await page.waitForTimeout(700);
  await page.keyboard.press('a');
  await expect(echoes).toHaveCount(1);
  await expect(chat.toolCall('echo').first()).toHaveAttribute('data-status', 'done');

  await echoes.getByRole('button', { name: 'Deny' }).click();
  await expect(echoes).toHaveCount(0);

  // An edit that breaks the tool's input schema is refused with the reason, and the call stays to be fixed.
  const firstAdd = adds.first();
  const args = firstAdd.getByRole('textbox', { name: /Arguments of add on modern/ });
  await args.fill('{"a": "three", "b": 4}');
  await firstAdd.getByRole('button', { name: 'Allow once' }).click();
  await expect(firstAdd.getByRole('alert')).toContainText('arguments/a must be number');
  await expect(adds).toHaveCount(2);
  await args.fill('{"a": 10, "b": 4}');
  await expect(firstAdd).toContainText('the model is told you changed it');

  await dialog.getByRole('button', { name: 'Allow all shown' }).click();
  await expect(dialog).toBeHidden();
  await expect(chat.feed.getByText('All four settled.')).toBeVisible();

  const echoCards = chat.toolCall('echo');
  await expect(echoCards.nth(0)).toHaveAttribute('data-status', 'done');
  await expect(echoCards.nth(1)).toHaveAttribute('data-status', 'denied');
  const addCards = chat.toolCall('add');
  await expect(addCards.nth(0)).toHaveAttribute('data-status', 'done');
  await expect(addCards.nth(1)).toHaveAttribute('data-status', 'done');
  await expect(addCards.nth(0)).toContainText('14');

  // The model hears of the edit in the tool result; the unedited calls say nothing of it.
  const results = JSON.stringify(fake.messageRequests[1].body?.messages?.at(-1));
  expect(results).toContain('the person edited the arguments before approving');
  expect(results.match(/edited the arguments/g)).toHaveLength(1);
});
