import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Tool } from '@modelcontextprotocol/client';
import { revealToolForModel } from './hidden-text.ts';

const tool: Tool = {
  name: 'say\u202Eyas',
  title: 'Say\u200B',
  description: 'Says it.\u{E0041}\u{E0042}',
  annotations: { title: 'Say\u2060', readOnlyHint: true },
  inputSchema: {
    type: 'object',
    properties: {
      mode: { type: 'string', description: 'How\u2066', enum: ['a\u200Bb'], default: 'a\u200Bb' },
      nested: { type: 'object', properties: { x: { title: 'X\u00AD', type: 'number' } } },
    },
  },
};

test('writes out titles, descriptions and schema words, and leaves name and data alone', () => {
  const { tool: revealed, found } = revealToolForModel(tool);
  assert.equal(revealed.name, tool.name);
  assert.equal(revealed.title, 'Say<U+200B>');
  assert.equal(revealed.description, 'Says it.<U+E0041…U+E0042 2 TAGs "AB">');
  assert.deepEqual(revealed.annotations, { title: 'Say<U+2060>', readOnlyHint: true });
  const properties = (revealed.inputSchema as { properties: Record<string, Record<string, unknown>> }).properties;
  assert.equal(properties.mode.description, 'How<U+2066>');
  assert.deepEqual(properties.mode.enum, ['a\u200Bb'], 'values the server expects back stay as sent');
  assert.equal(properties.mode.default, 'a\u200Bb');
  assert.equal((properties.nested.properties as Record<string, { title: string }>).x.title, 'X<U+00AD>');
  assert.deepEqual(
    found.map((finding) => [finding.where, finding.summary.count]),
    [['name', 1], ['title', 1], ['description', 2], ['title', 1], ['input schema', 2]],
  );
  assert.equal(tool.description, 'Says it.\u{E0041}\u{E0042}', 'the definition itself is not changed');
  assert.deepEqual(revealToolForModel(tool), revealToolForModel(structuredClone(tool)), 'same definition, same bytes');
});

test('a clean tool comes back as it is', () => {
  const clean: Tool = { name: 'echo', description: 'Echoes\nlines', inputSchema: { type: 'object' } };
  const { tool: revealed, found } = revealToolForModel(clean);
  assert.equal(revealed, clean);
  assert.deepEqual(found, []);
});
