/**
 * The fake Anthropic and OpenAI APIs on a worker thread, so that a bench measuring the host's CPU with
 * `process.threadCpuUsage()` on the main thread does not count the fake's parsing of megabyte requests.
 * Every request is answered with a short text; nothing is kept.
 */
import { parentPort } from 'node:worker_threads';
import { startFakeAnthropic } from '../fixtures/fake-llm/anthropic.ts';
import { startFakeOpenAI } from '../fixtures/fake-llm/openai.ts';
import type { FakeTurn } from '../fixtures/fake-llm/script.ts';

const anthropic = await startFakeAnthropic();
const openai = await startFakeOpenAI();
const answer = (forget: () => void) => (): FakeTurn => {
  forget();
  return { blocks: [{ text: 'Done.' }], chunkSize: 64 };
};
anthropic.script(...Array.from({ length: 5_000 }, () => answer(() => anthropic.requests.splice(0))));
openai.script(...Array.from({ length: 5_000 }, () => answer(() => openai.requests.splice(0))));
parentPort!.postMessage({ anthropic: anthropic.baseURL, openai: openai.baseURL });
parentPort!.on('message', async (message: unknown) => {
  if (message !== 'close') return;
  await anthropic.close();
  await openai.close();
  parentPort!.close();
});
