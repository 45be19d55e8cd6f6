import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_TOOL_DEPTH, nestsDeeperThan, screenTool, screenTools } from './tool-screen.ts';

function nested(depth: number): unknown {
  let value: unknown = {};
  for (let level = 1; level < depth; level++) value = { items: value };
  return value;
}

test('depth is counted in objects and arrays, without recursion, at any depth', () => {
  assert.equal(nestsDeeperThan(nested(3), 3), false);
  assert.equal(nestsDeeperThan(nested(4), 3), true);
  assert.equal(nestsDeeperThan([[['x']]], 3), false);
  assert.equal(nestsDeeperThan('flat', 0), false);
  assert.equal(nestsDeeperThan(nested(1_000_000), MAX_TOOL_DEPTH), true);
});

test('a good tool passes as listed; a bad one is left out with the reason', () => {
  const good = { name: 'echo', inputSchema: { type: 'object', properties: { text: { type: 'string' } } }, _meta: { extra: 1 } };
  assert.deepEqual(screenTool(good), { ok: true, tool: good });
  assert.deepEqual(screenTool({ name: 'list', inputSchema: { type: 'array' } }), {
    ok: false,
    leftOut: { name: 'list', reason: 'its definition is not a valid MCP tool: inputSchema.type: Invalid input: expected "object"' },
  });
  assert.deepEqual(screenTool({ inputSchema: { type: 'object' } }).ok, false);
  const deep = { name: 'deep', inputSchema: { type: 'object', properties: { v: nested(MAX_TOOL_DEPTH) } } };
  assert.deepEqual(screenTool(deep), { ok: false, leftOut: { name: 'deep', reason: `its definition nests deeper than ${MAX_TOOL_DEPTH} levels` } });
  const { tools, leftOut } = screenTools([good, deep, 'not a tool']);
  assert.deepEqual(tools, [good]);
  assert.deepEqual(leftOut.map((entry) => entry.name), ['deep', '(no name)']);
});
