import type { Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';

/** Neither the page nor the view (which may clip what overflows it) is wider than the window. */
export async function expectNoSidewaysOverflow(page: Page) {
  const widths = await page.evaluate(() => {
    const view = document.querySelector('main.view')!;
    return { page: document.documentElement.scrollWidth, view: view.scrollWidth, viewBox: view.clientWidth, window: window.innerWidth };
  });
  expect(widths.page, 'the page scrolls sideways').toBeLessThanOrEqual(widths.window);
  expect(widths.view, 'the view is wider than its box').toBeLessThanOrEqual(widths.viewBox);
}

/** In the window and not clipped by a scrolled pane: the point at its centre hits it, not something over or around it. */
export async function expectInView(locator: Locator) {
  await expect(locator).toBeVisible();
  const box = (await locator.boundingBox())!;
  const viewport = locator.page().viewportSize()!;
  expect(box.y, 'top edge in the window').toBeGreaterThanOrEqual(0);
  expect(box.y + box.height, 'bottom edge in the window').toBeLessThanOrEqual(viewport.height);
  expect(box.x, 'left edge in the window').toBeGreaterThanOrEqual(0);
  expect(box.x + Math.min(box.width, 40), 'start of it in the window').toBeLessThanOrEqual(viewport.width);
  const hit = await locator.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const at = document.elementFromPoint(rect.left + Math.min(rect.width / 2, 20), rect.top + rect.height / 2);
    return at !== null && (element === at || element.contains(at));
  });
  expect(hit, 'nothing covers it and no pane clips it').toBe(true);
}
