import type { Page, TestInfo } from '@playwright/test';
import { fixtureStdio } from '../fixtures/servers/launch.ts';
import { expect } from './support/browser-mode.ts';
import { test } from './support/with-fake-anthropic.ts';
import { serversPage } from './support/servers-page.ts';
import { expectInView, expectNoSidewaysOverflow } from './support/layout-checks.ts';

// Issue #13, Layout: a dozen servers and any window width. Screenshots go to test-results/ for a person to look at.
const names = Array.from({ length: 15 }, (_, index) => `server-${String(index + 1).padStart(2, '0')}`);
const last = names.at(-1)!;
const narrow = 859;

async function shoot(page: Page, testInfo: TestInfo, name: string) {
  await page.mouse.move(0, 0);
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`) });
}

test.describe('with fifteen servers', () => {
  test.use({ mcpServers: Object.fromEntries(names.map((name) => [name, fixtureStdio('modern')])), colorScheme: 'light' });

  test('the chosen server is in view at 1400, 1000, 800 and 420 px, and narrow windows go list, detail, back', async ({ page, switchboard }, testInfo) => {
    const ui = serversPage(page);
    const back = page.getByRole('button', { name: 'All servers' });
    const nav = page.getByRole('navigation', { name: 'Main' });
    await page.setViewportSize({ width: 1400, height: 800 });
    await page.goto(switchboard.url);
    await expect(ui.card(last)).toHaveAttribute('data-status', 'connected', { timeout: 60_000 });

    for (const width of [1400, 1000, 800, 420]) {
      await test.step(`${width} px`, async () => {
        await page.setViewportSize({ width, height: 800 });
        if (width <= narrow) {
          await expect(back).toBeVisible();
          await back.click();
        }
        // Start from the top of the list, as a person who has just opened it.
        await ui.card(names[0]).getByRole('button', { name: names[0], exact: true }).click();
        if (width <= narrow) await back.click();

        // The whole card opens the server: a click on its counts line, away from its name.
        await ui.card(last).getByText(/\d+ tools/).click();
        const tabs = page.getByRole('tablist', { name: `${last} details` });
        await expectInView(tabs);
        await expectInView(page.getByRole('heading', { name: last, level: 2 }));
        await expectInView(ui.tool('echo'));
        await expectNoSidewaysOverflow(page);

        if (width > narrow) {
          await expect(back).toBeHidden();
          await expectInView(ui.card(last));
        } else {
          // One pane at a time: the list gives way to the detail.
          await expect(page.getByRole('list', { name: 'Servers' })).toBeHidden();
        }
        const navWidth = (await nav.boundingBox())!.width;
        if (width < 1100) expect(navWidth, 'the sidebar folds to an icon rail').toBeLessThanOrEqual(64);
        else expect(navWidth).toBeGreaterThan(150);
        await shoot(page, testInfo, `servers-${width}`);
      });
    }

    await test.step('420 px: back returns to the list with the chosen server in view and focused', async () => {
      await back.click();
      await expect(back).toBeHidden();
      await expect(page.getByRole('tablist', { name: `${last} details` })).toBeHidden();
      const name = ui.card(last).getByRole('button', { name: last, exact: true });
      await expect(name).toBeFocused();
      await expectInView(name);
      await expectNoSidewaysOverflow(page);
      await shoot(page, testInfo, 'servers-420-back');

      // The keyboard opens a server through the card's name button, and the card's own buttons still do their own thing.
      await ui.card(names[2]).getByRole('button', { name: names[2], exact: true }).focus();
      await page.keyboard.press('Enter');
      await expectInView(page.getByRole('tablist', { name: `${names[2]} details` }));
      await back.click();
      await ui.card(names[3]).getByRole('button', { name: 'Edit' }).click();
      await expect(ui.dialog(`Edit ${names[3]}`)).toBeVisible();
      await ui.dialog(`Edit ${names[3]}`).getByRole('button', { name: 'Close' }).click();
      await expect(back).toBeHidden();
    });
  });
});

test.describe('with one server', () => {
  test.use({ mcpServers: { modern: fixtureStdio('modern') }, colorScheme: 'light' });

  test('at 420 px the chat with a tool call and the settings fit the window', async ({ page, switchboard, fake }, testInfo) => {
    fake.script(
      { blocks: [{ text: 'Let me ask the echo tool. ' }, { toolUse: { name: 'modern__echo', input: { text: 'a narrow window' } } }] },
      { blocks: [{ text: 'The tool said **a narrow window**, and it fits.' }] },
    );
    await page.setViewportSize({ width: 420, height: 800 });
    await page.goto(switchboard.url);
    await expect(serversPage(page).card('modern')).toHaveAttribute('data-status', 'connected');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'Chat' }).click();

    const message = page.getByRole('textbox', { name: 'Message' });
    await expectInView(message);
    await message.fill('Does it fit?');
    await message.press('Enter');
    const approval = page.getByRole('dialog', { name: 'Allow echo on modern?' });
    await expectInView(approval.getByRole('button', { name: 'Allow once' }));
    await expectNoSidewaysOverflow(page);
    await approval.getByRole('button', { name: 'Allow once' }).click();

    const feed = page.getByRole('feed', { name: 'Messages' });
    await expect(feed.getByRole('article', { name: 'Assistant' }).last()).toHaveAttribute('data-status', 'complete');
    await expectInView(feed.getByRole('region', { name: 'Tool call echo on modern' }));
    await expectInView(message);
    await expectNoSidewaysOverflow(page);
    await shoot(page, testInfo, 'chat-420');

    await nav.getByRole('button', { name: 'Settings' }).click();
    await expect(page.getByRole('main', { name: 'Settings' })).toBeVisible();
    await expectNoSidewaysOverflow(page);
    await shoot(page, testInfo, 'settings-420');
  });
});
