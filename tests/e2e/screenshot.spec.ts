import { fixtureStdio } from '../fixtures/servers/launch.ts';
import { expect, test } from './support/browser-mode.ts';
import { serversPage } from './support/servers-page.ts';

// Regenerates the README's picture: `UPDATE_SCREENSHOTS=1 npx playwright test screenshot`. Skipped otherwise,
// so a test run never rewrites a tracked file.
test.skip(!process.env.UPDATE_SCREENSHOTS, 'set UPDATE_SCREENSHOTS=1 to regenerate docs/screenshot-servers.png');
test.use({
  mcpServers: { modern: fixtureStdio('modern'), legacy: fixtureStdio('legacy'), broken: { url: 'ftp://example.com/mcp' } },
  colorScheme: 'light',
});

test('docs/screenshot-servers.png: connected servers, their tools, and a tool result', async ({ page, switchboard }) => {
  const ui = serversPage(page);
  await page.goto(switchboard.url);
  await expect(ui.card('modern')).toHaveAttribute('data-status', 'connected');
  await expect(ui.card('legacy')).toHaveAttribute('data-status', 'connected');
  await expect(ui.card('broken')).toHaveAttribute('data-status', 'error');
  await ui.tool('image').click();
  await ui.runTool.getByRole('button', { name: 'Run' }).click();
  await expect(ui.result.getByRole('img')).toBeVisible();
  await page.mouse.move(0, 0);
  await page.screenshot({ path: 'docs/screenshot-servers.png' });
});
