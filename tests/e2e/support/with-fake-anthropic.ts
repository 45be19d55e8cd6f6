import { startFakeAnthropic } from '../../fixtures/fake-llm/anthropic.ts';
import type { FakeAnthropic } from '../../fixtures/fake-llm/anthropic.ts';
import { test as browserMode } from './browser-mode.ts';

/** Browser mode with the host pointed at a fake Anthropic Messages API started for the test. */
export const test = browserMode.extend<{ fake: FakeAnthropic }>({
  fake: async ({}, use) => {
    const fake = await startFakeAnthropic();
    try {
      await use(fake);
    } finally {
      await fake.close();
    }
  },
  hostEnv: async ({ fake }, use) => use({ ANTHROPIC_BASE_URL: fake.baseURL, ANTHROPIC_API_KEY: 'sk-ant-e2e-test-key' }),
});
