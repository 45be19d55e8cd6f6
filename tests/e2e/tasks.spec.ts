/**
 * Issue #9, tasks: a tool the server runs as a task (2026-07-28 tasks extension, the tasks fixture over stdio)
 * shows its status, message and time in the chat's tool card, survives a reload of the page (the host holds it),
 * and its result reaches the model; Stop cancels a running task on the server (`tasks/cancel`).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect } from './support/browser-mode.ts';
import { test } from './support/with-fake-anthropic.ts';
import { consentDialog } from './support/consent-page.ts';
import { serversPage } from './support/servers-page.ts';

const fixture = fileURLToPath(new URL('../fixtures/servers/tasks-modern-server.ts', import.meta.url));
const events = path.join(os.tmpdir(), `switchboard-e2e-tasks-${process.pid}.log`);
const serverEvents = () => readFileSync(events, 'utf8').trim().split('\n');

test.use({ mcpServers: { tasks: { command: process.execPath, args: [fixture, '--events', events] } } });
test.beforeEach(() => writeFileSync(events, ''));

async function openChat(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(serversPage(page).card('tasks')).toHaveAttribute('data-status', 'connected');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Chat' }).click();
}

async function send(page: Page, text: string): Promise<void> {
  // By its label: the box is a textbox here, and a combobox where it also suggests resources to attach.
  const message = page.getByRole('form', { name: 'Compose' }).getByLabel('Message', { exact: true });
  await message.fill(text);
  await message.press('Enter');
}

test('a task shows its status in the tool card, keeps running across a reload, and its result reaches the model', async ({ page, switchboard, fake }) => {
  fake.script({ blocks: [{ toolUse: { name: 'tasks__research', input: { topic: 'tides', steps: 20, stepMs: 500 } } }] }, { blocks: [{ text: 'The tides are done.' }] });
  await openChat(page, switchboard.url);
  await send(page, 'Research the tides');
  await page.getByRole('dialog', { name: 'Allow research on tasks?' }).getByRole('button', { name: 'Allow once' }).click();

  const card = page.getByRole('feed', { name: 'Messages' }).getByRole('region', { name: 'Tool call research on tasks' });
  const task = card.locator('.task-status');
  await expect(task).toHaveAttribute('data-task-status', 'working');
  await expect(task).toContainText('Task working');
  await expect(task).toContainText(/step [2-5] of 20/);
  await expect(task).toContainText(/for \d+ s/);

  // The host holds the task: a reloaded page finds it still running, then sees it end.
  await page.reload();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Chat' }).click();
  const again = page.getByRole('feed', { name: 'Messages' }).getByRole('region', { name: 'Tool call research on tasks' });
  await expect(again.locator('.task-status')).toHaveAttribute('data-task-status', 'working');
  await expect(again.locator('.task-status')).toContainText(/step ([3-9]|1\d|20) of 20/);
  await expect(again.locator('.task-status')).toHaveAttribute('data-task-status', 'completed', { timeout: 30_000 });
  await expect(again).toHaveAttribute('data-status', 'done');
  await expect(page.getByRole('feed', { name: 'Messages' })).toContainText('The tides are done.');

  const toolResult = JSON.stringify(fake.messageRequests[1]?.body);
  expect(toolResult).toContain('research on tides: 20 steps, angle general');
  expect(serverEvents().filter((line) => line.startsWith('tasks/cancel'))).toEqual([]);
});

test('a question the task asks comes up as the usual form, and the answer reaches the task', async ({ page, switchboard, fake }) => {
  fake.script({ blocks: [{ toolUse: { name: 'tasks__research', input: { topic: 'moon', ask: true } } }] }, { blocks: [{ text: 'Tidal it is.' }] });
  await openChat(page, switchboard.url);
  await send(page, 'Research the moon');
  await page.getByRole('dialog', { name: 'Allow research on tasks?' }).getByRole('button', { name: 'Allow once' }).click();

  const card = page.getByRole('feed', { name: 'Messages' }).getByRole('region', { name: 'Tool call research on tasks' });
  const form = consentDialog(page, 'tasks asks for information');
  await expect(form.getByRole('region', { name: 'Message from the server' })).toContainText('Which angle for "moon"?');
  await expect(card.locator('.task-status')).toHaveAttribute('data-task-status', 'input_required');
  await expect(card.locator('.task-status')).toContainText('Task waiting for input');
  await form.getByRole('textbox', { name: 'Angle', exact: true }).fill('tidal');
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(card.locator('.task-status')).toHaveAttribute('data-task-status', 'completed');
  await expect(page.getByRole('feed', { name: 'Messages' })).toContainText('Tidal it is.');
  expect(JSON.stringify(fake.messageRequests[1]?.body)).toContain('research on moon: 3 steps, angle tidal');
});

test('Stop cancels a running task on the server, and the model is told it was cancelled', async ({ page, switchboard, fake }) => {
  fake.script({ blocks: [{ toolUse: { name: 'tasks__research', input: { topic: 'stars', steps: 400, stepMs: 100 } } }] }, { blocks: [{ text: 'Stopped, then.' }] });
  await openChat(page, switchboard.url);
  await send(page, 'Research the stars');
  await page.getByRole('dialog', { name: 'Allow research on tasks?' }).getByRole('button', { name: 'Allow once' }).click();

  const card = page.getByRole('feed', { name: 'Messages' }).getByRole('region', { name: 'Tool call research on tasks' });
  await expect(card.locator('.task-status')).toContainText(/step \d+ of 400/);
  await card.getByRole('button', { name: 'Stop task' }).click();
  await expect(card.locator('.task-status')).toHaveAttribute('data-task-status', 'cancelled');
  await expect(card).toHaveAttribute('data-status', 'cancelled');
  await expect.poll(() => serverEvents().filter((line) => line.startsWith('tasks/cancel')).length).toBe(1);
  await expect(page.getByRole('feed', { name: 'Messages' })).toContainText('Stopped, then.');
  expect(JSON.stringify(fake.messageRequests[1]?.body)).toContain('cancelled');
});

test("the chat's Stop ends the turn and cancels its running task on the server", async ({ page, switchboard, fake }) => {
  fake.script({ blocks: [{ toolUse: { name: 'tasks__research', input: { topic: 'comets', steps: 400, stepMs: 100 } } }] });
  await openChat(page, switchboard.url);
  await send(page, 'Research the comets');
  await page.getByRole('dialog', { name: 'Allow research on tasks?' }).getByRole('button', { name: 'Allow once' }).click();
  const card = page.getByRole('feed', { name: 'Messages' }).getByRole('region', { name: 'Tool call research on tasks' });
  await expect(card.locator('.task-status')).toContainText(/step \d+ of 400/);
  await page.getByRole('button', { name: 'Stop', exact: true }).click();
  await expect(card).toHaveAttribute('data-status', 'cancelled');
  await expect(card.locator('.task-status')).toHaveAttribute('data-task-status', 'cancelled');
  await expect.poll(() => serverEvents().filter((line) => line.startsWith('tasks/cancel')).length).toBe(1);
  expect(fake.messageRequests).toHaveLength(1);
});

test('Run tool shows the task and its Stop button; Stop cancels it on the server', async ({ page, switchboard }) => {
  const ui = serversPage(page);
  await page.goto(switchboard.url);
  await expect(ui.card('tasks')).toHaveAttribute('data-status', 'connected');
  await ui.tool('research').click();
  await ui.runTool.getByLabel('topic').fill('sand');
  await ui.runTool.getByLabel('steps').fill('400');
  await ui.runTool.getByLabel('stepMs').fill('100');
  await ui.runTool.getByRole('button', { name: 'Run' }).click();
  const task = ui.runTool.locator('.task-status');
  await expect(task).toContainText(/step \d+ of 400/);
  await ui.runTool.getByRole('button', { name: 'Stop task' }).click();
  await expect(task).toHaveAttribute('data-task-status', 'cancelled');
  await expect(ui.runTool).toContainText('was cancelled');
  expect(serverEvents().filter((line) => line.startsWith('tasks/cancel')).length).toBe(1);
});
