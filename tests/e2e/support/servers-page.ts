import type { Locator, Page } from '@playwright/test';

/** Finds things on the servers view the way a person would: by role and accessible name. */
export function serversPage(page: Page) {
  const card = (name: string): Locator => page.getByRole('list', { name: 'Servers' }).getByRole('listitem', { name, exact: true });
  const tools = page.getByRole('list', { name: 'Tools' });
  return {
    card,
    tools,
    tool: (name: string) => tools.getByRole('button', { name: new RegExp(`^${name}\\b`) }),
    runTool: page.getByRole('region', { name: 'Run tool' }),
    result: page.getByRole('region', { name: 'Result' }),
    tab: (name: string) => page.getByRole('tab', { name: new RegExp(`^${name}`) }),
    dialog: (name: string) => page.getByRole('dialog', { name }),
    /**
     * Waits, on every animation frame, until the card shows `status`, and returns its text at that moment.
     * Web-first assertions poll up to a second apart and can miss a state that lasts about that long.
     */
    async textWhenStatus(name: string, status: string, timeout = 30_000): Promise<string> {
      const handle = await page.waitForFunction(
        ([serverName, wanted]) => {
          const item = [...document.querySelectorAll('li.server-card')].find((element) => element.getAttribute('aria-label') === serverName);
          return item?.getAttribute('data-status') === wanted ? (item as HTMLElement).innerText : false;
        },
        [name, status] as const,
        { polling: 'raf', timeout },
      );
      return (await handle.jsonValue()) as string;
    },
  };
}

/** Collects console errors, so a test can prove the page ran clean under its CSP. */
export function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}
