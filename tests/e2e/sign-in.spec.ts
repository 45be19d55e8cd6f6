import { startOAuthFixture } from '../fixtures/oauth/protected-server.ts';
import type { OAuthFixture } from '../fixtures/oauth/protected-server.ts';
import { test as base, expect } from './support/browser-mode.ts';
import { consentDialog, runTool } from './support/consent-page.ts';
import { consoleErrors, serversPage } from './support/servers-page.ts';

/** The OAuth fixture (a protected MCP server and its authorization server) started before Switchboard, which lists it. */
const test = base.extend<{ oauth: OAuthFixture }>({
  oauth: async ({}, use) => {
    const fixture = await startOAuthFixture({ account: 'ada@example.com' });
    await use(fixture);
    await fixture.close();
  },
  mcpServers: async ({ oauth }, use) => use({ notes: { type: 'http', url: oauth.mcpUrl } }),
});

test('a server that needs OAuth shows Sign in; signing in through the browser connects it, shows who, and a tool runs', async ({ page, context, switchboard, oauth }) => {
  const errors = consoleErrors(page);
  const ui = serversPage(page);
  await page.goto(switchboard.url);

  const card = ui.card('notes');
  await expect(card).toHaveAttribute('data-status', 'needs-auth');
  await expect(card.locator('.status')).toHaveClass(/status-auth/);
  await expect(card).toContainText('Sign-in needed');
  await expect(card).toContainText(`Needs you to sign in at ${new URL(oauth.authorizationServer.issuer).host}`);
  await expect(consentDialog(page, /Open a page/)).toHaveCount(0);

  // The page the person allows opens in a new tab, which goes through the authorization server and back to Switchboard's callback.
  const signInTab = context.waitForEvent('page');
  await card.getByRole('button', { name: 'Sign in' }).click();
  const ask = consentDialog(page, /Open a page on/);
  await expect(ask).toContainText('signing in to server "notes"');
  await ask.getByRole('button', { name: 'Open page' }).click();
  const tab = await signInTab;
  await tab.waitForURL(/127\.0\.0\.1:\d+\/callback/);

  await expect(card).toHaveAttribute('data-status', 'connected', { timeout: 30_000 });
  await expect(card).toContainText('Signed in as ada@example.com');
  const detail = page.getByRole('group', { name: 'Sign-in for notes' }).last();
  await expect(detail.getByRole('button', { name: 'Sign out' })).toBeVisible();

  await runTool(page, 'whoami');
  await expect(ui.result).toContainText('scopes');
  expect(oauth.requests.some((request) => request.authorized)).toBe(true);
  for (const secret of oauth.authorizationServer.secretsIssued()) expect(await page.content()).not.toContain(secret);

  await card.getByRole('button', { name: 'Sign out' }).click();
  await expect(card).toHaveAttribute('data-status', 'needs-auth');
  await expect(card.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(errors).toEqual([]);
});

const withoutRegistration = base.extend<{ oauth: OAuthFixture }>({
  oauth: async ({}, use) => {
    const fixture = await startOAuthFixture({ dynamicRegistration: false });
    fixture.authorizationServer.preRegister('registered-by-hand', 'hand-secret');
    await use(fixture);
    await fixture.close();
  },
  mcpServers: async ({ oauth }, use) => use({ notes: { type: 'http', url: oauth.mcpUrl } }),
});

withoutRegistration('an authorization server without registration: the detail view asks for a client ID, shows the redirect URI, then signs in', async ({ page, context, switchboard, oauth }) => {
  const ui = serversPage(page);
  await page.goto(switchboard.url);
  const card = ui.card('notes');
  await expect(card).toHaveAttribute('data-status', 'needs-auth');
  await card.getByRole('button', { name: 'Sign in' }).click();
  await expect(card).toContainText('register a client there yourself');
  await expect(card).toContainText('open the server to enter it');

  const form = page.getByRole('form', { name: 'Registered client' });
  await expect(form.getByLabel('Redirect URI')).toHaveValue(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
  await form.getByLabel('Client ID').fill('registered-by-hand');
  await form.getByLabel('Client secret (if it has one)').fill('hand-secret');
  const signInTab = context.waitForEvent('page');
  await form.getByRole('button', { name: 'Save and sign in' }).click();
  await consentDialog(page, /Open a page on/).getByRole('button', { name: 'Open page' }).click();
  await (await signInTab).waitForURL(/\/callback/);
  await expect(card).toHaveAttribute('data-status', 'connected', { timeout: 30_000 });
  await runTool(page, 'whoami');
  await expect(ui.result).toContainText('registered-by-hand');
  expect(await page.content()).not.toContain('hand-secret');
  expect(oauth.authorizationServer.clients.size).toBe(1);
});
