/**
 * How the chat UI holds up while a long answer streams: a real `switchboard serve` pointed at the fake
 * Messages API, the built renderer in Chromium, and one answer of about 2,000 deltas (~100 KB of Markdown with
 * headings, lists, tables and code) against a short one in the same page. Then a conversation of 2,000 saved
 * messages: how long it takes to open at its end, how much DOM it costs, and scrolling it to the top. Prints
 * long tasks (count and total ms, from PerformanceObserver 'longtask') and frame intervals
 * (requestAnimationFrame, p50/p95/max ms); asserts nothing.
 *
 * Needs `npm run build` first (browser mode serves out/renderer). BENCH_STREAM_DELTAS sets the long answer's
 * deltas (default 2000), BENCH_STREAM_DELAY_MS the pause per streamed event (default 2), BENCH_CHAT_MESSAGES
 * the saved conversation's length (default 2000).
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import type { Page } from '@playwright/test';
import { chatMigrations, ConversationStore, UNTITLED } from '../../electron/host/store/conversations.ts';
import { openDatabase } from '../../electron/host/store/database.ts';
import { startFakeAnthropic } from '../fixtures/fake-llm/anthropic.ts';

export const name = 'chat streaming in the UI: a long answer vs a short one';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const deltas = Number(process.env.BENCH_STREAM_DELTAS ?? 2000);
const delayMs = Number(process.env.BENCH_STREAM_DELAY_MS ?? 2);
const savedMessages = Number(process.env.BENCH_CHAT_MESSAGES ?? 2000);
const archiveTitle = 'Harbour log archive';

/** Markdown shaped like a long model answer; deterministic, so every run streams the same text. */
function longMarkdown(targetChars: number): string {
  const parts: string[] = [];
  let size = 0;
  for (let section = 1; size < targetChars; section++) {
    const chunk = [
      `## Section ${section}: what the harbour logs say`,
      `The keeper wrote **${section * 3} entries** this week, mostly about \`tide_level\` readings and the gulls. ` +
        'Each entry has a time, a reading and a short note; the notes matter most when the readings disagree.',
      `- Morning reading: ${section * 1.5} m\n- Evening reading: ${section * 1.25} m\n- Gulls counted: ${section * 17}`,
      '```ts\n' +
        `export function reading${section}(log: Entry[]): number {\n` +
        '  const levels = log.filter((entry) => entry.kind === "tide").map((entry) => entry.level);\n' +
        '  return levels.reduce((sum, level) => sum + level, 0) / Math.max(1, levels.length);\n' +
        '}\n```',
      `| day | level | note |\n|---|---|---|\n| Mon | ${section}.1 | calm |\n| Tue | ${section}.4 | windy |\n| Wed | ${section}.2 | fog |`,
      `> Note ${section}: the fog on Wednesday hid the far buoy, so its reading is an estimate.`,
    ].join('\n\n');
    parts.push(chunk);
    size += chunk.length + 2;
  }
  return parts.join('\n\n').slice(0, targetChars);
}

/** A long conversation written straight into the data directory before the host starts. */
function seedConversation(dataDir: string, count: number): void {
  const db = openDatabase(dataDir, chatMigrations);
  try {
    const store = new ConversationStore(db);
    const { id } = store.create(archiveTitle);
    const answer = longMarkdown(900);
    const started = Date.now() - count * 1000;
    for (let index = 0; index < count; index++) {
      const assistant = index % 2 === 1;
      store.addMessage({
        id: randomUUID(),
        conversationId: id,
        role: assistant ? 'assistant' : 'user',
        blocks: [{ type: 'text', text: assistant ? answer : `Question ${(index + 1) / 2}: what did the log say that day?` }],
        status: 'complete',
        createdAt: started + index * 1000,
      });
    }
  } finally {
    db.close();
  }
}

interface Figures {
  deltas: number;
  chars: number;
  seconds: number;
  longTasks: number;
  longTaskMs: number;
  frames: number[];
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function describe(label: string, figures: Figures): string {
  const sorted = [...figures.frames].sort((a, b) => a - b);
  const f = (value: number) => value.toFixed(1);
  return (
    `${label}: ${figures.deltas} deltas, ${(figures.chars / 1024).toFixed(1)} KB in ${figures.seconds.toFixed(1)} s; ` +
    `long tasks ${figures.longTasks} (${Math.round(figures.longTaskMs)} ms total); ` +
    `frames ${sorted.length}: p50 ${f(percentile(sorted, 50))} / p95 ${f(percentile(sorted, 95))} / max ${f(sorted.at(-1) ?? 0)} ms`
  );
}

async function startServe(dataDir: string, env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [path.join(repoRoot, 'bin/switchboard.mjs'), 'serve', '--data-dir', dataDir, '--port', '0'], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`switchboard serve did not start:\n${output}`)), 30_000);
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
      const match = /Switchboard is running at (\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`switchboard serve exited (${code}):\n${output}`));
    });
  });
  return { url, child };
}

async function stopServe(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

// Page-side code as strings (page.evaluate runs them outside the page's CSP): this file is typechecked for
// Node, without the DOM's types.
type PageGlobals = { document: { querySelector(selector: string): unknown } };

/** Starts the page's recorders: long tasks, and the interval between animation frames. */
const startRecording = `(() => {
  const record = { longTasks: 0, longTaskMs: 0, frames: [], running: true };
  window.__bench = record;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      record.longTasks += 1;
      record.longTaskMs += entry.duration;
    }
  }).observe({ type: 'longtask' });
  let last = performance.now();
  const tick = (now) => {
    record.frames.push(now - last);
    last = now;
    if (record.running) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})()`;

/** Scrolls the message list to the top two screenfuls per frame, as a fast wheel or a dragged scrollbar would. */
const scrollToTop = `new Promise((resolve) => {
  const scroller = document.querySelector('.chat-scroll');
  let steps = 0;
  const step = () => {
    scroller.scrollTop = Math.max(0, scroller.scrollTop - 2 * scroller.clientHeight);
    steps += 1;
    // At the top of what is loaded, older pages are on their way until the conversation's first message is there.
    const first = document.querySelector('article[aria-posinset="1"]');
    if ((scroller.scrollTop > 0 || !first) && steps < 5000) requestAnimationFrame(step);
    else resolve(steps);
  };
  requestAnimationFrame(step);
})`;

/** Stops them and hands back what they saw; the first interval spans the set-up, not a frame of streaming. */
const collect = `(() => {
  const record = window.__bench;
  record.running = false;
  return { longTasks: record.longTasks, longTaskMs: record.longTaskMs, frames: record.frames.slice(1) };
})()`;

async function streamOne(page: Page, question: string, answerCount: number, deltaCount: number, chars: number): Promise<Figures> {
  await page.evaluate(startRecording);
  const started = performance.now();
  const input = page.getByRole('textbox', { name: 'Message' });
  await input.fill(question);
  await input.press('Enter');
  // Each exchange is a question and an answer, so answer n sits at position 2n + 2 of the feed. Polled rarely and
  // without a visibility check, which would force layout and skew the figures.
  const selector = `article[aria-posinset="${answerCount * 2 + 2}"][data-status="complete"]`;
  await page.waitForFunction((wanted) => (globalThis as unknown as PageGlobals).document.querySelector(wanted) !== null, selector, {
    polling: 250,
    timeout: 300_000,
  });
  const seconds = (performance.now() - started) / 1000;
  // A few frames after the end, so the last layout is counted.
  await page.waitForTimeout(300);
  const recorded = (await page.evaluate(collect)) as Pick<Figures, 'longTasks' | 'longTaskMs' | 'frames'>;
  return { deltas: deltaCount, chars, seconds, ...recorded };
}

export async function run(): Promise<{ lines: string[] }> {
  if (!existsSync(path.join(repoRoot, 'out/renderer/index.html'))) throw new Error('out/renderer is missing: run `npm run build` first');
  const chunkSize = 50;
  const long = longMarkdown(deltas * chunkSize);
  const short = longMarkdown(20 * chunkSize);
  const fake = await startFakeAnthropic();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'switchboard-bench-'));
  await writeFile(path.join(dataDir, 'mcp.json'), '{ "mcpServers": {} }\n');
  seedConversation(dataDir, savedMessages);
  const serve = await startServe(dataDir, { ANTHROPIC_BASE_URL: fake.baseURL, ANTHROPIC_API_KEY: 'sk-ant-bench' });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(serve.url);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Chat' }).click();
    await page.getByRole('button', { name: 'New chat' }).click();
    await page.getByRole('heading', { name: UNTITLED }).waitFor();

    fake.script({ blocks: [{ text: short }], delayMs, chunkSize });
    const baseline = await streamOne(page, 'A short answer, please', 0, Math.ceil(short.length / chunkSize), short.length);
    fake.script({ blocks: [{ text: long }], delayMs, chunkSize });
    const measured = await streamOne(page, 'Now the whole log, please', 1, Math.ceil(long.length / chunkSize), long.length);
    const nodes = await page.evaluate(`document.querySelectorAll('*').length`);

    const opened = performance.now();
    await page.getByRole('list', { name: 'Conversations' }).getByRole('button', { name: new RegExp(archiveTitle) }).click();
    await page.waitForFunction((wanted) => (globalThis as unknown as PageGlobals).document.querySelector(wanted) !== null, `article[aria-posinset="${savedMessages}"]`, {
      polling: 'raf',
      timeout: 120_000,
    });
    const openMs = performance.now() - opened;
    await page.waitForTimeout(500);
    const archiveNodes = await page.evaluate(`document.querySelectorAll('*').length`);
    const rendered = await page.evaluate(`document.querySelectorAll('article[aria-posinset]').length`);
    await page.evaluate(startRecording);
    const scrollStarted = performance.now();
    const steps = (await page.evaluate(scrollToTop)) as number;
    const scrollSeconds = (performance.now() - scrollStarted) / 1000;
    const scrolled = (await page.evaluate(collect)) as Pick<Figures, 'longTasks' | 'longTaskMs' | 'frames'>;
    const frames = [...scrolled.frames].sort((a, b) => a - b);
    return {
      lines: [
        describe('short answer (baseline)', baseline),
        describe('long answer', measured),
        `DOM elements on the page after the long answer: ${nodes}`,
        `fake API pause per streamed event: ${delayMs} ms; deltas reach the store on animation frames, at most every 50 ms`,
        `saved conversation of ${savedMessages} messages: at its last message ${Math.round(openMs)} ms after the click; ` +
          `${rendered} messages in the DOM, ${archiveNodes} elements on the page`,
        `scrolled to its top two screenfuls per frame: ${steps} steps in ${scrollSeconds.toFixed(1)} s; long tasks ${scrolled.longTasks} ` +
          `(${Math.round(scrolled.longTaskMs)} ms total); frames p50 ${percentile(frames, 50).toFixed(1)} / p95 ${percentile(frames, 95).toFixed(1)} / max ${(frames.at(-1) ?? 0).toFixed(1)} ms`,
      ],
    };
  } finally {
    await browser.close();
    await stopServe(serve.child);
    await fake.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
