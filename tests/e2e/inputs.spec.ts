import { fixtureStdio } from '../fixtures/servers/launch.ts';
import { expect, test } from './support/browser-mode.ts';
import { consoleErrors, serversPage } from './support/servers-page.ts';

test('a pasted VS Code config with a password input imports, asks for the value once (masked), then the server starts', async ({ page, switchboard }) => {
  const errors = consoleErrors(page);
  const ui = serversPage(page);
  await page.goto(switchboard.url);
  const fixture = fixtureStdio('modern');
  const pasted = JSON.stringify({
    inputs: [{ type: 'promptString', id: 'api-key', description: 'Fixture API key', password: true }],
    servers: { keyed: { type: 'stdio', command: fixture.command, args: fixture.args, env: { API_KEY: '${input:api-key}', HOME_COPY: '${userHome}' } } },
  });
  await page.getByRole('button', { name: 'Paste JSON' }).click();
  const dialog = ui.dialog('Paste JSON');
  await dialog.getByLabel('JSON').fill(pasted);
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByRole('listitem', { name: 'keyed' })).toContainText('New');
  await dialog.getByRole('button', { name: 'Add 1 server' }).click();
  await expect(dialog).toBeHidden();

  const card = ui.card('keyed');
  await expect(card).toHaveAttribute('data-status', 'error');
  await expect(card).toContainText('${input:api-key} has no value yet');
  await card.getByRole('button', { name: 'Enter values' }).click();
  const ask = ui.dialog('Enter values');
  const field = ask.getByLabel('Fixture API key (api-key)');
  await expect(field).toHaveAttribute('type', 'password');
  await field.fill('k-123');
  await ask.getByRole('button', { name: 'Save' }).click();
  await expect(ask).toBeHidden();
  await expect(card).toHaveAttribute('data-status', 'connected');
  await expect(card.getByRole('button', { name: 'Enter values' })).toHaveCount(0);

  const written = await switchboard.readConfig();
  expect(JSON.stringify(written)).not.toContain('k-123');
  expect(written).toMatchObject({ inputs: [{ id: 'api-key', password: true }], mcpServers: { keyed: { env: { API_KEY: '${input:api-key}' } } } });
  expect(errors).toEqual([]);
});
