import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { ActivityStore } from '../../electron/host/activity/activity-store.ts';
import { activityOutcomes } from '../../shared/activity/activity-types.ts';
import { DATABASE_FILE_NAME } from '../../electron/host/store/database.ts';
import type { FakeAnthropic } from '../fixtures/fake-llm/anthropic.ts';
import { fixtureStdio } from '../fixtures/servers/launch.ts';
import { expect } from './support/browser-mode.ts';
import { test } from './support/with-fake-anthropic.ts';
import { openSettings, runTool } from './support/consent-page.ts';
import { expectInView, expectNoSidewaysOverflow } from './support/layout-checks.ts';
import { consoleErrors, serversPage } from './support/servers-page.ts';

// Issue #13, Activity: every tool call on the record, read in the Activity view.
const everything = {
  command: process.execPath,
  args: [fileURLToPath(new URL('../../node_modules/@modelcontextprotocol/server-everything/dist/index.js', import.meta.url)), 'stdio'],
};
const SECRET = 'sk-live-4f9a7c2e11d04b8a';

test.use({ mcpServers: { modern: fixtureStdio('modern'), everything }, colorScheme: 'light' });

function activityPage(page: Page) {
  const calls = page.getByRole('table', { name: 'Tool calls' });
  const filters = page.getByRole('form', { name: 'Filter tool calls' });
  return {
    calls,
    rows: calls.locator('tbody tr'),
    row: (tool: string, server: string) => calls.locator('tbody tr').filter({ has: page.getByRole('button', { name: `Open ${tool} on ${server}`, exact: true }) }),
    filters,
    stats: page.getByRole('table', { name: 'By server' }),
    open: () => page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Activity' }).click(),
  };
}

/** The model makes three calls in one chat (allowed, allowed and failing, denied), then a person runs a tool by hand. */
async function makeCalls(page: Page, url: string, fake: FakeAnthropic) {
  fake.script(
    { blocks: [{ toolUse: { name: 'modern__echo', input: { text: 'hello\u200Bactivity', api_key: SECRET } } }] },
    { blocks: [{ toolUse: { name: 'modern__fail', input: {} } }] },
    { blocks: [{ toolUse: { name: 'modern__add', input: { a: 1, b: 2 } } }] },
    { blocks: [{ text: 'Done with the tools.' }] },
  );
  const ui = serversPage(page);
  await page.goto(url);
  await expect(ui.card('modern')).toHaveAttribute('data-status', 'connected');
  await expect(ui.card('everything')).toHaveAttribute('data-status', 'connected');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Chat' }).click();
  const message = page.getByRole('textbox', { name: 'Message' });
  await message.fill('Use the tools');
  await message.press('Enter');
  await page.getByRole('dialog', { name: 'Allow echo on modern?' }).getByRole('button', { name: 'Allow once' }).click();
  await page.getByRole('dialog', { name: 'Allow fail on modern?' }).getByRole('button', { name: 'Allow once' }).click();
  await page.getByRole('dialog', { name: 'Allow add on modern?' }).getByRole('button', { name: 'Deny' }).click();
  await expect(page.getByRole('feed', { name: 'Messages' }).getByRole('article', { name: 'Assistant' }).last()).toContainText('Done with the tools.');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Servers' }).click();
  await ui.card('everything').getByRole('button', { name: 'everything', exact: true }).click();
  // server-everything titles its tools, so the button's name starts with the title.
  await ui.tools.getByRole('button', { name: /^Echo Tool echo\b/ }).click();
  await ui.runTool.getByLabel(/^message\*?$/).fill('run by hand');
  await ui.runTool.getByRole('button', { name: 'Run' }).click();
  await expect(ui.result).toContainText('run by hand');
}

test('the calls of the model and of Run tool are listed with their outcome, approval and source; filters narrow them; a call opens redacted', async ({ page, switchboard, fake }) => {
  const errors = consoleErrors(page);
  await makeCalls(page, switchboard.url, fake);
  const activity = activityPage(page);
  await activity.open();

  await expect(activity.rows).toHaveCount(4);
  // Newest first.
  await expect(activity.rows.first()).toContainText('everything');
  const expectRow = async (tool: string, server: string, outcome: string, source: string, approval: string) => {
    const row = activity.row(tool, server);
    await expect(row).toHaveAttribute('data-outcome', outcome);
    await expect(row).toContainText(source);
    await expect(row).toContainText(approval);
  };
  await expectRow('echo', 'modern', 'ok', 'Model', 'Allowed once');
  await expectRow('fail', 'modern', 'tool-error', 'Model', 'Allowed once');
  await expectRow('add', 'modern', 'denied', 'Model', 'Denied');
  await expectRow('echo', 'everything', 'ok', 'Run tool', 'By you');
  await expect(activity.row('fail', 'modern').getByText('Tool error')).toBeVisible();

  await test.step('per server: calls, error classes, p50/p95', async () => {
    const modern = activity.stats.getByRole('row', { name: /^modern/ });
    await expect(modern.getByRole('cell').first()).toHaveText('3');
    await expect(modern.getByRole('listitem', { name: /^Tool error: 1 of 3, 33%/ })).toBeVisible();
    await expect(modern.getByRole('listitem', { name: /^Denied: 1 of 3, 33%/ })).toBeVisible();
    await expect(modern.getByRole('cell').nth(2)).toHaveText(/\d+(\.\d+)? m?s/);
    const everythingStats = activity.stats.getByRole('row', { name: /^everything/ });
    await expect(everythingStats.getByRole('cell').first()).toHaveText('1');
    await expect(everythingStats).toContainText('none');
  });

  await test.step('filters narrow the list (and the stats)', async () => {
    await activity.filters.getByLabel('Server', { exact: true }).selectOption('everything');
    await expect(activity.rows).toHaveCount(1);
    await expect(activity.stats.getByRole('row', { name: /^modern/ })).toHaveCount(0);
    await activity.filters.getByLabel('Server', { exact: true }).selectOption('');
    await activity.filters.getByRole('checkbox', { name: 'Denied' }).check();
    await expect(activity.rows).toHaveCount(1);
    await expect(activity.rows.first()).toHaveAttribute('data-outcome', 'denied');
    await activity.filters.getByRole('checkbox', { name: 'Tool error' }).check();
    await expect(activity.rows).toHaveCount(2);
    await activity.filters.getByRole('button', { name: 'Clear filters' }).click();
    await activity.filters.getByRole('checkbox', { name: 'Run tool' }).check();
    await expect(activity.rows).toHaveCount(1);
    await expect(activity.rows.first()).toHaveAttribute('data-source', 'run-tool');
    await activity.filters.getByRole('button', { name: 'Clear filters' }).click();
    await activity.filters.getByLabel('Tool', { exact: true }).fill('fail');
    await expect(activity.rows).toHaveCount(1);
    await activity.filters.getByLabel('Tool', { exact: true }).fill('');
    await activity.filters.getByLabel('Time', { exact: true }).selectOption('hour');
    await expect(activity.rows).toHaveCount(4);
    await activity.filters.getByLabel('Time', { exact: true }).selectOption('custom');
    await activity.filters.getByLabel('To', { exact: true }).fill('2020-01-01T00:00');
    await expect(activity.rows).toHaveCount(0);
    await expect(page.getByText('No tool calls match these filters.')).toBeVisible();
    await activity.filters.getByRole('button', { name: 'Clear filters' }).click();
    await expect(activity.rows).toHaveCount(4);
  });

  await test.step('a call opens with its arguments redacted and hidden characters shown', async () => {
    await activity.row('echo', 'modern').getByRole('button', { name: 'Open echo on modern' }).click();
    const dialog = page.getByRole('dialog', { name: 'echo on modern' });
    const args = dialog.getByLabel('Arguments as kept');
    await expect(args).toContainText('"api_key": "[redacted]"');
    await expect(args).not.toContainText(SECRET);
    await expect(args.locator('[data-hidden-char]')).toHaveCount(1);
    await expect(dialog.getByLabel('Result as kept')).toContainText('activity');
    await expect(dialog).toContainText('Allowed once');
    await dialog.getByRole('button', { name: /Use the tools/ }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('feed', { name: 'Messages' })).toContainText('Done with the tools.');
    await activity.open();
    await activity.row('add', 'modern').getByRole('button', { name: 'Open add on modern' }).click();
    const denied = page.getByRole('dialog', { name: 'add on modern' });
    await expect(denied).toContainText('refused before it reached the server');
    await denied.getByRole('button', { name: 'Done' }).click();
  });

  await test.step('Export JSON Lines downloads the filtered record, one call per line, secrets redacted', async () => {
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export JSON Lines' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^switchboard-activity-\d{4}-\d{2}-\d{2}\.jsonl$/);
    const text = await readFile((await file.path())!, 'utf8');
    expect(text).not.toContain(SECRET);
    const lines = text.split('\n').filter((line) => line.trim() !== '');
    const calls = lines.map((line) => JSON.parse(line) as { tool: string; server: string; outcome: string; arguments: Record<string, unknown> });
    const summary = calls.map((call) => `${call.server}/${call.tool}/${call.outcome}`);
    expect(calls.find((call) => call.tool === 'echo' && call.server === 'modern')?.arguments).toEqual({ text: 'hello\u200Bactivity', api_key: '[redacted]' });
    expect(summary.sort()).toEqual(['everything/echo/ok', 'modern/add/denied', 'modern/echo/ok', 'modern/fail/tool-error']);
    await expect(page.getByRole('status').filter({ hasText: 'Exported 4 calls.' })).toBeVisible();
  });
  expect(errors).toEqual([]);
});

test('a call made while the view is open appears without a reload', async ({ page, switchboard, context }) => {
  const activity = activityPage(page);
  await page.goto(switchboard.url);
  await expect(serversPage(page).card('modern')).toHaveAttribute('data-status', 'connected');
  // The `?` overlay lists the view's key, and the key opens it.
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help.getByRole('definition').filter({ hasText: 'Activity' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();
  await page.keyboard.press('l');
  await expect(page.getByRole('main', { name: 'Activity' })).toBeVisible();
  await expect(page.getByText('No tool calls yet.')).toBeVisible();

  // A second window on the same host (the printed address opened again) runs a tool.
  const other = await context.newPage();
  await other.goto(switchboard.url);
  await serversPage(other).card('modern').getByRole('button', { name: 'modern', exact: true }).click();
  await runTool(other, 'fail');
  await expect(serversPage(other).result).toContainText('this tool always fails');

  await expect(activity.rows).toHaveCount(1);
  await expect(activity.row('fail', 'modern')).toHaveAttribute('data-outcome', 'tool-error');
  await expect(activity.stats.getByRole('row', { name: /^modern/ }).getByRole('cell').first()).toHaveText('1');
  await other.close();
});

test('a long record pages back as the person scrolls', async ({ page, switchboard }, testInfo) => {
  await page.goto(switchboard.url);
  await expect(serversPage(page).card('modern')).toHaveAttribute('data-status', 'connected');
  // 250 calls written straight into the host's record (a second connection to its database), a minute apart.
  const db = new DatabaseSync(path.join(switchboard.dataDir, DATABASE_FILE_NAME));
  try {
    db.exec('PRAGMA busy_timeout = 5000;');
    const store = new ActivityStore(db);
    const now = Date.now();
    for (let index = 0; index < 250; index++) {
      store.insert({
        entry: { id: `seeded-${index}`, startedAt: now - (250 - index) * 60_000, durationMs: 5, server: 'modern', tool: `tool_${index}`, source: 'cli', approval: 'person', outcome: activityOutcomes[index % activityOutcomes.length], resultBytes: 10 },
        arguments: '{}',
      });
    }
  } finally {
    db.close();
  }
  const activity = activityPage(page);
  await activity.open();
  await expect(activity.rows).toHaveCount(100);
  await expect(activity.rows.first()).toContainText('tool_249');
  await page.screenshot({ path: testInfo.outputPath('activity-every-outcome.png') });
  await expect(page.getByRole('button', { name: 'Load older calls' })).toBeVisible();
  // The end of the list coming into view loads the next older page, and only that one.
  await page.getByRole('button', { name: 'Load older calls' }).scrollIntoViewIfNeeded();
  await expect(activity.rows).toHaveCount(200);
  await expect(activity.rows.last()).toContainText('tool_50');
  await page.getByRole('button', { name: 'Load older calls' }).scrollIntoViewIfNeeded();
  await expect(activity.rows).toHaveCount(250);
  await expect(activity.rows.last()).toContainText('tool_0');
  await expect(page.getByText('That is every call kept.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Load older calls' })).toHaveCount(0);

  // Each outcome class has a look of its own: its mark, colours and border together differ from every other's.
  const looks = await activity.calls.locator('tbody .activity-outcome').evaluateAll((pills) => {
    const byOutcome = new Map<string, string>();
    for (const pill of pills) {
      const style = getComputedStyle(pill);
      byOutcome.set(pill.getAttribute('data-outcome') ?? '', [pill.firstElementChild?.textContent, style.color, style.backgroundColor, style.borderStyle].join('|'));
    }
    return [...byOutcome.entries()];
  });
  expect(looks.map(([outcome]) => outcome).sort()).toEqual([...activityOutcomes].sort());
  expect(new Set(looks.map(([, look]) => look)).size).toBe(activityOutcomes.length);
});

test('the retention setting is kept across a reload', async ({ page, switchboard }) => {
  await page.goto(switchboard.url);
  await openSettings(page);
  const days = page.getByRole('spinbutton', { name: 'Keep activity for' });
  await expect(days).toHaveValue('30');
  await days.fill('0');
  await page.getByRole('region', { name: 'Activity' }).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Enter a whole number of days from 1 to 3650.')).toBeVisible();
  await days.fill('7');
  await page.getByRole('region', { name: 'Activity' }).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('region', { name: 'Activity' }).getByRole('status')).toHaveText('Saved.');
  await page.reload();
  await openSettings(page);
  await expect(page.getByRole('spinbutton', { name: 'Keep activity for' })).toHaveValue('7');

  await page.setViewportSize({ width: 420, height: 800 });
  const save = page.getByRole('region', { name: 'Activity' }).getByRole('button', { name: 'Save' });
  await save.scrollIntoViewIfNeeded();
  await expectInView(save);
  await expectNoSidewaysOverflow(page);
});

test('the view holds at 1400, 1000, 800 and 420 px', async ({ page, switchboard, fake }, testInfo) => {
  await makeCalls(page, switchboard.url, fake);
  const activity = activityPage(page);
  await activity.open();
  await expect(activity.rows).toHaveCount(4);
  for (const width of [1400, 1000, 800, 420]) {
    await test.step(`${width} px`, async () => {
      await page.setViewportSize({ width, height: 800 });
      await page.locator('main.view').evaluate((view) => view.scrollTo(0, 0));
      await expectInView(page.getByRole('heading', { name: 'Activity', level: 1 }));
      await expectInView(page.getByRole('button', { name: 'Export JSON Lines' }));
      await expectInView(activity.filters.getByLabel('Server', { exact: true }));
      const first = activity.rows.first().getByRole('button', { name: /^Open / });
      await first.scrollIntoViewIfNeeded();
      await expectInView(first);
      await expectNoSidewaysOverflow(page);
      await page.mouse.move(0, 0);
      await page.screenshot({ path: testInfo.outputPath(`activity-${width}-list.png`) });
      await first.click();
      const dialog = page.getByRole('dialog', { name: 'echo on everything' });
      await expectInView(dialog.getByRole('button', { name: 'Done' }));
      await expectNoSidewaysOverflow(page);
      await page.mouse.move(0, 0);
      await page.screenshot({ path: testInfo.outputPath(`activity-${width}.png`) });
      await dialog.getByRole('button', { name: 'Done' }).click();
    });
  }

  await test.step('opened in a narrow window, the filters start folded so the calls are on the first screen', async () => {
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'Servers' }).click();
    await activity.open();
    await expect(activity.filters.getByLabel('Server', { exact: true })).toBeHidden();
    await expectInView(activity.rows.first().getByRole('button', { name: /^Open / }));
    await page.locator('summary', { hasText: 'Filters' }).click();
    await expectInView(activity.filters.getByLabel('Server', { exact: true }));
    await activity.filters.getByRole('checkbox', { name: 'Denied' }).check();
    await expect(activity.rows).toHaveCount(1);
    await page.locator('summary', { hasText: 'Filters' }).click();
    await expect(page.locator('summary')).toContainText('1 on');
    await expectNoSidewaysOverflow(page);
  });
});
