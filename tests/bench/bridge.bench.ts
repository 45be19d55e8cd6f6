/**
 * How long the bridge takes to turn many MCP tools into provider tool definitions: 5,000 tools from 50
 * servers against 500 from 5, for Anthropic and OpenAI, each on a fresh index (nothing cached). Schemas are
 * shaped like real servers' (plain strings, enums, nested objects, arrays, `$defs`/`$ref`, a root `anyOf`,
 * an external `$ref`, dotted names). Prints medians, the 5,000/500 ratio (linear would be 10) and the size of
 * the resulting JSON; asserts nothing.
 *
 * BENCH_BRIDGE_REPS sets the repetitions (default 11).
 */
import type { Tool } from '@modelcontextprotocol/client';
import { buildToolIndex } from '../../electron/host/chat/bridge/tool-index.ts';
import type { ServerTools } from '../../electron/host/chat/bridge/tool-index.ts';

export const name = 'bridge';

const repetitions = Number(process.env.BENCH_BRIDGE_REPS ?? 11);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** A small deterministic generator, so every run converts the same tools. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const verbs = ['get', 'list', 'create', 'update', 'delete', 'search', 'read', 'write', 'run', 'sync'];
const nouns = ['issue', 'file', 'page', 'user', 'record', 'branch', 'event', 'message', 'query', 'report'];

function toolSchema(rand: () => number, i: number): Tool['inputSchema'] {
  const properties: Record<string, unknown> = {
    id: { type: 'string', description: 'The identifier of the item to work on.' },
    limit: { type: 'integer', minimum: 1, maximum: 100, default: 20, description: 'How many results to return.' },
  };
  const kind = i % 5;
  if (kind >= 1) properties.mode = { type: 'string', enum: ['fast', 'thorough', 'dry-run'], description: 'How to run.' };
  if (kind >= 2) {
    properties.filter = {
      type: 'object',
      properties: {
        labels: { type: 'array', items: { type: 'string' } },
        since: { type: 'string', format: 'date-time' },
        author: { type: ['string', 'null'] },
      },
      additionalProperties: false,
    };
    properties.tags = { type: 'array', description: 'Free-form tags.' };
  }
  if (kind >= 3) {
    properties.items = { type: 'array', items: { $ref: '#/$defs/item' } };
    properties.point = { type: 'array', prefixItems: [{ type: 'number' }, { type: 'number' }], items: false };
  }
  const schema: Record<string, unknown> = {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    properties,
    required: ['id'],
  };
  if (kind >= 3) {
    schema.$defs = {
      item: {
        type: 'object',
        properties: { name: { type: 'string' }, value: { anyOf: [{ type: 'string' }, { type: 'number' }] }, owner: { $ref: 'https://schemas.example/user.json' } },
        required: ['name'],
      },
    };
  }
  if (kind === 4) {
    schema.anyOf = [{ required: ['id'] }, { properties: { url: { type: 'string', format: 'uri' } }, required: ['url'] }];
  }
  if (rand() < 0.3) properties.notes = { type: 'string', description: 'Notes. '.repeat(Math.floor(rand() * 40)) };
  return schema as Tool['inputSchema'];
}

export function makeServers(serverCount: number, toolsPerServer: number): ServerTools[] {
  const rand = random(serverCount * 7919 + toolsPerServer);
  return Array.from({ length: serverCount }, (_, s) => ({
    server: s % 4 === 0 ? `server.${s} prod` : `server-${s}`,
    tools: Array.from({ length: toolsPerServer }, (_, t): Tool => {
      const base = `${verbs[t % verbs.length]}_${nouns[Math.floor(t / verbs.length) % nouns.length]}`;
      return {
        name: t % 7 === 0 ? `${base}.v${t}` : `${base}_${t}`,
        description: `${base.replace('_', 's the ')} on server ${s}. ${'Explains the arguments at length. '.repeat(1 + Math.floor(rand() * 6))}`,
        inputSchema: toolSchema(rand, t),
      };
    }),
  }));
}

interface Measured {
  anthropicMs: number;
  openaiMs: number;
  anthropicBytes: number;
  openaiBytes: number;
}

function measure(servers: ServerTools[]): Measured {
  const timesA: number[] = [];
  const timesO: number[] = [];
  let anthropicBytes = 0;
  let openaiBytes = 0;
  // Two unmeasured rounds let the JIT settle.
  for (let round = -2; round < repetitions; round++) {
    let started = performance.now();
    const a = buildToolIndex(servers).anthropicTools;
    const elapsedA = performance.now() - started;
    started = performance.now();
    const o = buildToolIndex(servers).openaiTools;
    const elapsedO = performance.now() - started;
    if (round < 0) continue;
    timesA.push(elapsedA);
    timesO.push(elapsedO);
    anthropicBytes = Buffer.byteLength(JSON.stringify(a));
    openaiBytes = Buffer.byteLength(JSON.stringify(o));
  }
  return { anthropicMs: median(timesA), openaiMs: median(timesO), anthropicBytes, openaiBytes };
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const mb = (bytes: number) => `${(bytes / 1_000_000).toFixed(2)} MB`;

export async function run(): Promise<{ lines: string[] }> {
  const small = measure(makeServers(5, 100));
  const large = measure(makeServers(50, 100));
  return {
    lines: [
      `${repetitions} runs each, medians, a fresh index every run (names, schemas, descriptions):`,
      `5,000 tools / 50 servers: Anthropic ${ms(large.anthropicMs)}, OpenAI ${ms(large.openaiMs)}`,
      `  500 tools /  5 servers: Anthropic ${ms(small.anthropicMs)}, OpenAI ${ms(small.openaiMs)}`,
      `5,000 vs 500 (linear = 10): Anthropic x${(large.anthropicMs / small.anthropicMs).toFixed(1)}, OpenAI x${(large.openaiMs / small.openaiMs).toFixed(1)}`,
      `tools JSON, 5,000 tools: Anthropic ${mb(large.anthropicBytes)}, OpenAI ${mb(large.openaiBytes)}; 500 tools: Anthropic ${mb(small.anthropicBytes)}, OpenAI ${mb(small.openaiBytes)}`,
    ],
  };
}
