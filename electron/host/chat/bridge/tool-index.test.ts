import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Tool } from '@modelcontextprotocol/client';
import { buildToolIndex, UnknownToolError } from './tool-index.ts';
import type { ServerTools } from './tool-index.ts';
import { DESCRIPTION_TRUNCATION_MARKER } from './text-cap.ts';
import { MODEL_TOOL_NAME_PATTERN } from './tool-names.ts';
import { shuffled } from './test-support/shuffled.ts';

function tool(name: string, extra: Partial<Tool> = {}): Tool {
  return { name, inputSchema: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] }, ...extra };
}

test('builds Anthropic and OpenAI definitions with namespaced names', () => {
  const index = buildToolIndex([{ server: 'github', tools: [tool('create_issue', { description: 'Open an issue' })] }]);
  assert.deepEqual(index.anthropicTools, [
    {
      name: 'github__create_issue',
      description: 'Open an issue',
      input_schema: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] },
    },
  ]);
  assert.deepEqual(index.openaiTools, [
    {
      type: 'function',
      function: {
        name: 'github__create_issue',
        description: 'Open an issue',
        parameters: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] },
      },
    },
  ]);
});

test('tools are sorted by server, then tool, in code-unit order', () => {
  const index = buildToolIndex([
    { server: 'zeta', tools: [tool('b'), tool('a')] },
    { server: 'Alpha', tools: [tool('z')] },
    { server: 'alpha', tools: [tool('B'), tool('a')] },
  ]);
  assert.deepEqual(
    index.anthropicTools.map((t) => t.name),
    ['Alpha__z', 'alpha__B', 'alpha__a', 'zeta__a', 'zeta__b'],
  );
  assert.deepEqual(
    index.openaiTools.map((t) => t.function.name),
    index.anthropicTools.map((t) => t.name),
  );
});

test('shuffling servers and tools yields byte-identical request JSON', () => {
  const servers: ServerTools[] = [];
  for (let s = 0; s < 12; s++) {
    const tools: Tool[] = [];
    for (let t = 0; t < 25; t++) {
      tools.push(
        tool(t % 5 === 0 ? `tool.${t}` : `tool ${t}`, {
          description: `Tool ${t} of server ${s}`,
          inputSchema: { type: 'object', properties: { [`p${t}`]: { type: 'array' }, x: { $ref: 'https://x.test/s.json' } } },
        }),
      );
    }
    servers.push({ server: `server ${s % 3 === 0 ? 'dot.' : ''}${s}`, tools });
  }
  const reference = buildToolIndex(servers);
  const anthropicJson = JSON.stringify(reference.anthropicTools);
  const openaiJson = JSON.stringify(reference.openaiTools);
  for (const seed of [7, 8, 9]) {
    const reordered = shuffled(servers, seed).map(({ server, tools }) => ({ server, tools: shuffled(tools, seed * 31) }));
    const index = buildToolIndex(reordered);
    assert.equal(JSON.stringify(index.anthropicTools), anthropicJson);
    assert.equal(JSON.stringify(index.openaiTools), openaiJson);
  }
  // Splitting one server's tools over two entries changes nothing either.
  const split = servers.flatMap(({ server, tools }) => [
    { server, tools: tools.slice(0, 10) },
    { server, tools: tools.slice(10) },
  ]);
  assert.equal(JSON.stringify(buildToolIndex(split).anthropicTools), anthropicJson);
});

test('resolve and route lead back to the server and tool; unknown names are a clear error', () => {
  const index = buildToolIndex([
    { server: 'my server', tools: [tool('read.file'), tool('read file')] },
    { server: 'fs', tools: [tool('list')] },
  ]);
  for (const entry of index.entries) {
    assert.deepEqual(index.resolve(entry.modelName), { server: entry.server, tool: entry.tool });
    assert.deepEqual(index.route(entry.modelName), { server: entry.server, tool: entry.tool });
    assert.equal(index.nameFor(entry.server, entry.tool), entry.modelName);
  }
  assert.deepEqual(index.route('fs__list'), { server: 'fs', tool: 'list' });
  const dotted = index.nameFor('my server', 'read.file')!;
  assert.match(dotted, /^my_server__read_file_[0-9a-f]{8}$/);
  assert.deepEqual(index.route(dotted), { server: 'my server', tool: 'read.file' });

  assert.equal(index.resolve('fs__nope'), undefined);
  assert.equal(index.nameFor('fs', 'nope'), undefined);
  assert.throws(
    () => index.route('fs__nope'),
    (error: unknown) =>
      error instanceof UnknownToolError && error.modelName === 'fs__nope' && /"fs__nope", which no connected server offers/.test(error.message),
  );
});

test('resolve hands out copies, so a caller cannot corrupt the map', () => {
  const index = buildToolIndex([{ server: 'fs', tools: [tool('list')] }]);
  const ref = index.resolve('fs__list')!;
  ref.server = 'evil';
  assert.deepEqual(index.resolve('fs__list'), { server: 'fs', tool: 'list' });
});

test('descriptions: kept, else title, else none; long ones cut with a marker', () => {
  const long = 'word '.repeat(2000);
  const index = buildToolIndex(
    [
      {
        server: 's',
        tools: [
          tool('a', { description: 'Plain' }),
          tool('b', { title: 'Titled' }),
          tool('c', { annotations: { title: 'Annotated' } }),
          tool('d'),
          tool('e', { description: long }),
          tool('f', { description: '   ', title: 'Fallback' }),
        ],
      },
    ],
    { maxDescriptionChars: 1024 },
  );
  const byName = Object.fromEntries(index.anthropicTools.map((t) => [t.name, t.description]));
  assert.equal(byName.s__a, 'Plain');
  assert.equal(byName.s__b, 'Titled');
  assert.equal(byName.s__c, 'Annotated');
  assert.equal('description' in index.anthropicTools[3], false);
  assert.equal('description' in index.openaiTools[3].function, false);
  assert.equal(byName.s__e!.length <= 1024, true);
  assert.ok(byName.s__e!.endsWith(DESCRIPTION_TRUNCATION_MARKER));
  assert.ok(byName.s__e!.startsWith('word word'));
  assert.equal(byName.s__f, 'Fallback');
});

test('schema notes are appended to the description and survive the cap', () => {
  const index = buildToolIndex(
    [
      {
        server: 's',
        tools: [
          tool('attach', {
            description: 'x'.repeat(5000),
            inputSchema: {
              type: 'object',
              anyOf: [
                { properties: { content: { type: 'string' } }, required: ['content'] },
                { properties: { url: { type: 'string' } }, required: ['url'] },
              ],
            },
          }),
        ],
      },
    ],
    { maxDescriptionChars: 1024 },
  );
  const description = index.anthropicTools[0].description!;
  assert.ok(description.length <= 1024, String(description.length));
  assert.ok(description.endsWith('(Arguments must match at least one of these forms: (1) with content; (2) with url.)'));
  assert.ok(description.includes(DESCRIPTION_TRUNCATION_MARKER));
  assert.equal(index.openaiTools[0].function.description, description);
});

test('the same tool listed twice keeps one definition, chosen by content rather than position', () => {
  const a = tool('x', { description: 'A' });
  const b = tool('x', { description: 'B' });
  const first = buildToolIndex([{ server: 's', tools: [a, b] }]);
  const second = buildToolIndex([{ server: 's', tools: [b, a] }]);
  assert.equal(first.entries.length, 1);
  assert.equal(JSON.stringify(first.anthropicTools), JSON.stringify(second.anthropicTools));
});

test('1000 tools with awkward names: all valid, unique and routable', () => {
  const servers: ServerTools[] = Array.from({ length: 10 }, (_, s) => ({
    server: `srv ${s}.x`,
    tools: Array.from({ length: 100 }, (_, t) => tool(t % 2 ? `ünï.${t}` : `${'long'.repeat(25)}${t}`)),
  }));
  const index = buildToolIndex(servers);
  const names = index.anthropicTools.map((t) => t.name);
  assert.equal(names.length, 1000);
  assert.equal(new Set(names).size, 1000);
  for (const name of names) assert.match(name, MODEL_TOOL_NAME_PATTERN);
  for (const entry of index.entries) assert.deepEqual(index.route(entry.modelName), { server: entry.server, tool: entry.tool });
});

test('an empty index has no tools and knows no names', () => {
  const index = buildToolIndex([]);
  assert.deepEqual(index.anthropicTools, []);
  assert.deepEqual(index.openaiTools, []);
  assert.equal(index.resolve('x'), undefined);
});

test('the same array comes back on every access, so repeated requests reuse it', () => {
  const index = buildToolIndex([{ server: 's', tools: [tool('a')] }]);
  assert.equal(index.anthropicTools, index.anthropicTools);
  assert.equal(index.openaiTools, index.openaiTools);
});
