import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ToolInputStream } from './tool-input-stream.ts';
import type { ToolInputEvent } from './tool-input-stream.ts';

test('streamed arguments of app tools reach the UI read leniently, at most 10 a second per call', () => {
  let clock = 0;
  const events: ToolInputEvent[] = [];
  const stream = new ToolInputStream({
    resolve: (name) => (name === 'apps__show' ? { server: 'apps', tool: 'show' } : undefined),
    emit: (event) => events.push(event),
    now: () => clock,
  });
  stream.delta({ id: 'a', name: 'apps__show', json: '' });
  stream.delta({ id: 'a', name: 'apps__show', json: '{"text":"He' });
  clock = 50;
  stream.delta({ id: 'b', name: 'apps__show', json: '{"text":"Ot' });
  stream.delta({ id: 'c', name: 'files__read', json: '{"path":"/' });
  clock = 100;
  stream.delta({ id: 'a', name: 'apps__show', json: '{"text":"Hello' });
  clock = 250;
  stream.delta({ id: 'a', name: 'apps__show', json: '{"text":"Hello",' });
  stream.delta({ id: 'a', name: 'apps__show', json: '{"text":"Hello","n":' });
  assert.deepEqual(
    events.map((event) => [event.toolCallId, event.tool, event.arguments]),
    [
      ['a', 'show', {}],
      ['b', 'show', { text: 'Ot' }],
      ['a', 'show', { text: 'Hello' }],
    ],
  );
});
