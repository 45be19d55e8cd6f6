import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Tool } from '@modelcontextprotocol/client';
import { callsAsTask, screenTaskTools, taskSupportOf } from './task-support.ts';

const tool = (name: string, taskSupport?: string): Tool =>
  ({ name, inputSchema: { type: 'object' }, ...(taskSupport ? { execution: { taskSupport } } : {}) }) as Tool;

test('which connections do tasks: 2025 with tasks for tools/call, 2026 with the extension', () => {
  assert.deepEqual(taskSupportOf('legacy', { tasks: { requests: { tools: { call: {} } }, cancel: {} } } as never), { kind: 'v1', cancellable: true });
  assert.deepEqual(taskSupportOf('legacy', { tasks: { requests: { tools: { call: {} } } } } as never), { kind: 'v1', cancellable: false });
  assert.equal(taskSupportOf('legacy', { tools: {} }).kind, 'none');
  assert.deepEqual(taskSupportOf('modern', { extensions: { 'io.modelcontextprotocol/tasks': {} } } as never), { kind: 'v2' });
  assert.equal(taskSupportOf('modern', { tasks: { requests: { tools: { call: {} } } } } as never).kind, 'none');
});

test('a tool that requires tasks is left out, with why, where tasks cannot work; kept where they can', () => {
  const tools = [tool('plain'), tool('maybe', 'optional'), tool('must', 'required')];
  const none = taskSupportOf('legacy', {});
  const screened = screenTaskTools(none, tools);
  assert.deepEqual(screened.tools.map((entry) => entry.name), ['plain', 'maybe']);
  assert.equal(screened.leftOut[0]?.name, 'must');
  assert.match(screened.leftOut[0]!.reason, /must run as a task, and this connection cannot do tasks: the server does not declare tasks for tools\/call/);
  const v1 = taskSupportOf('legacy', { tasks: { requests: { tools: { call: {} } } } } as never);
  assert.equal(screenTaskTools(v1, tools).tools.length, 3);
  assert.deepEqual(tools.map((entry) => callsAsTask(v1, entry)), [false, true, true]);
});
