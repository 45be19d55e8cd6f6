import { unlinkSync } from 'node:fs';
import { fillDisk, mountTmpfs } from '../fixtures/disk/tmpfs.ts';
import type { Mounted } from '../fixtures/disk/tmpfs.ts';
import { expect } from './support/browser-mode.ts';
import { test as withFakeAnthropic } from './support/with-fake-anthropic.ts';

/*
 * Issue #7, item 5, in the browser: the data folder of `switchboard serve` is a small tmpfs that fills up
 * while an answer streams. The page must say the answer could not be saved, the answer must go on to its
 * end, and once space returns the page must say it is saved again. Needs root to mount (skipped otherwise).
 */
const test = withFakeAnthropic.extend<object, { tmpfs: Mounted }>({
  // Mounted in the worker that runs the test, never in the runner that only lists it.
  tmpfs: [
    async ({}, use) => {
      const mounted = mountTmpfs('16m');
      await use(mounted);
      if (mounted.dir !== undefined) mounted.unmount();
    },
    { scope: 'worker' },
  ],
  dataRoot: async ({ tmpfs }, use) => use(tmpfs.dir),
});

const ENDING = 'The very last words of the answer.';

test('a full disk while an answer streams: the chat says it could not save, the answer finishes, and it is saved when space returns', async ({ page, switchboard, fake, tmpfs }) => {
  test.skip(tmpfs.dir === undefined, tmpfs.dir === undefined ? tmpfs.reason : '');
  const disk = tmpfs.dir!;
  let filler: string | undefined;
  fake.script(() => {
    filler = fillDisk(disk);
    return { blocks: [{ text: `${'Line of a long answer. '.repeat(12_000)}${ENDING}` }], chunkSize: 1_500, delayMs: 15 };
  });
  await page.goto(switchboard.url);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Chat' }).click();
  const message = page.getByRole('textbox', { name: 'Message' });
  await message.fill('Write a lot, please.');
  await message.press('Enter');

  const answer = page.getByRole('feed', { name: 'Messages' }).getByRole('article', { name: 'Assistant' }).last();
  await expect(answer).toContainText('Could not save the answer: the disk is full', { timeout: 20_000 });
  unlinkSync(filler!);
  await expect(answer).toContainText('everything is saved again now', { timeout: 20_000 });
  await expect(answer).toContainText(ENDING, { timeout: 30_000 });
  await expect(answer).toHaveAttribute('data-status', 'complete');
  expect(switchboard.output()).not.toMatch(/exited|internal error/);
});
