import type { Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { serversPage } from './servers-page.ts';

type OpenCall = [url?: string | URL, target?: string, features?: string];

/**
 * Replaces `window.open` before the app loads with a recorder that opens nothing, so a test can see exactly
 * what the page asked to open, and that it asked for nothing before the person agreed.
 */
export async function recordWindowOpen(page: Page): Promise<() => Promise<OpenCall[]>> {
  await page.addInitScript(() => {
    const calls: unknown[][] = [];
    Object.defineProperty(window, '__openCalls', { value: calls });
    window.open = (...args: unknown[]) => {
      calls.push(args);
      return null;
    };
  });
  return () => page.evaluate(() => (window as unknown as { __openCalls: OpenCall[] }).__openCalls);
}

/** Every request the page makes to a host other than Switchboard's own: prefetches, preconnects, images. */
export function foreignRequests(page: Page, ownUrl: string): string[] {
  const own = new URL(ownUrl).host;
  const seen: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.host !== own && url.protocol !== 'data:') seen.push(request.url());
  });
  return seen;
}

/** The servers view's Run tool, driven as a person would: pick the tool, fill its inputs by label, run. */
export async function runTool(page: Page, tool: string, inputs: Record<string, string> = {}): Promise<void> {
  const ui = serversPage(page);
  await ui.tool(tool).click();
  for (const [label, value] of Object.entries(inputs)) {
    // The generated form marks required inputs with an asterisk in the label.
    const input = ui.runTool.getByLabel(new RegExp(`^${label}\\*?$`));
    if ((await input.evaluate((element) => element.tagName)) === 'SELECT') await input.selectOption(value);
    else await input.fill(value);
  }
  await ui.runTool.getByRole('button', { name: 'Run' }).click();
}

/** The JSON a fixture's asking tool echoes back, from the Run tool's result. */
export async function echoed(page: Page): Promise<Record<string, unknown>> {
  const result = serversPage(page).result;
  await expect(result).toBeVisible();
  const text = await result.locator('pre').first().innerText();
  return JSON.parse(text) as Record<string, unknown>;
}

export function consentDialog(page: Page, name: string | RegExp): Locator {
  return page.getByRole('dialog', { name });
}

export async function openSettings(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Settings' }).click();
}
