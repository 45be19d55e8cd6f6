import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MODEL_TOOL_NAME_PATTERN, assignModelNames, refKey, sanitizeNamePart } from './tool-names.ts';
import type { ToolRef } from './tool-names.ts';
import { stableHash } from './stable-hash.ts';
import { shuffled } from './test-support/shuffled.ts';

function namesOf(refs: ToolRef[]): string[] {
  const names = assignModelNames(refs);
  return refs.map((ref) => names.get(refKey(ref))!);
}

test('plain names are server__tool, untouched', () => {
  assert.deepEqual(namesOf([{ server: 'github', tool: 'create_issue' }, { server: 'fs', tool: 'read-file' }]), [
    'github__create_issue',
    'fs__read-file',
  ]);
});

test('spaces, dots, slashes and symbols become underscores', () => {
  assert.deepEqual(namesOf([{ server: 'my server.v2', tool: 'files/read.all' }]), ['my_server_v2__files_read_all']);
  assert.equal(sanitizeNamePart('a b\tc:d@e!'), 'a_b_c_d_e_');
});

test('accents fold to their letters; other Unicode becomes one underscore per character', () => {
  assert.equal(sanitizeNamePart('café'), 'cafe');
  assert.equal(sanitizeNamePart('Ångström'), 'Angstrom');
  assert.equal(sanitizeNamePart('日本語'), '___');
  assert.equal(sanitizeNamePart('rocket🚀'), 'rocket_');
  const [name] = namesOf([{ server: 'srv', tool: 'überprüfen' }]);
  assert.equal(name, 'srv__uberprufen');
});

test('names that collide after sanitising each get a distinct hash suffix', () => {
  const refs = [
    { server: 'srv', tool: 'read.file' },
    { server: 'srv', tool: 'read file' },
    { server: 'srv', tool: 'read_file' },
    { server: 'other', tool: 'ok' },
  ];
  const names = namesOf(refs);
  assert.equal(new Set(names).size, 4);
  for (const name of names.slice(0, 3)) assert.match(name, /^srv__read_file_[0-9a-f]{8}$/);
  assert.equal(names[3], 'other__ok');
  for (const name of names) assert.match(name, MODEL_TOOL_NAME_PATTERN);
});

test('the separator cannot make two pairs share a name', () => {
  const names = namesOf([
    { server: 'a', tool: 'b__c' },
    { server: 'a__b', tool: 'c' },
  ]);
  assert.notEqual(names[0], names[1]);
  for (const name of names) assert.match(name, /^a__b__c_[0-9a-f]{8}$/);
});

test('a collision suffix is the hash of the exact pair, so it never depends on the neighbours', () => {
  const alone = namesOf([
    { server: 'srv', tool: 'x.y' },
    { server: 'srv', tool: 'x y' },
  ]);
  const crowded = namesOf([
    { server: 'srv', tool: 'x.y' },
    { server: 'srv', tool: 'x y' },
    { server: 'srv', tool: 'x/y' },
    { server: 'aaa', tool: 'first' },
  ]);
  assert.deepEqual(crowded.slice(0, 2), alone);
  assert.equal(alone[0], `srv__x_y_${stableHash('srv\u0000x.y')}`);
});

test('100-character names are shortened to 64 with a hash, keeping both the server and the tool readable', () => {
  const server = 'S'.repeat(100);
  const tool = 'T'.repeat(100);
  const [name] = namesOf([{ server, tool }]);
  assert.equal(name.length, 64);
  assert.match(name, MODEL_TOOL_NAME_PATTERN);
  assert.match(name, /^S{16}__T{37}_[0-9a-f]{8}$/);

  const [longTool] = namesOf([{ server: 'fs', tool: 'r'.repeat(100) }]);
  assert.match(longTool, /^fs__r{51}_[0-9a-f]{8}$/);
  const [longServer] = namesOf([{ server: 'q'.repeat(100), tool: 'go' }]);
  assert.match(longServer, /^q{51}__go_[0-9a-f]{8}$/);
});

test('a name of exactly 64 characters is kept as is; 65 is shortened', () => {
  const fits = 'a'.repeat(64 - 'srv__'.length);
  assert.equal(namesOf([{ server: 'srv', tool: fits }])[0], `srv__${fits}`);
  assert.equal(namesOf([{ server: 'srv', tool: `${fits}b` }])[0].length, 64);
  assert.notEqual(namesOf([{ server: 'srv', tool: `${fits}b` }])[0], `srv__${fits}`);
});

test('long names that share their first 53 characters still get different names', () => {
  const prefix = 'x'.repeat(60);
  const names = namesOf([
    { server: 'srv', tool: `${prefix}one` },
    { server: 'srv', tool: `${prefix}two` },
  ]);
  assert.notEqual(names[0], names[1]);
});

test('an accidental hash collision between two shortened names is resolved deterministically', () => {
  // These two differ only past the cut and have the same FNV-1a hash (found by search).
  const prefix = 'x'.repeat(60);
  const a = { server: 'srv', tool: `${prefix}4wzx` };
  const b = { server: 'srv', tool: `${prefix}b6cd` };
  assert.equal(stableHash(refKey(a)), stableHash(refKey(b)));
  const names = namesOf([a, b]);
  assert.notEqual(names[0], names[1]);
  assert.deepEqual(namesOf([b, a]), [names[1], names[0]]);
  for (const name of names) assert.match(name, MODEL_TOOL_NAME_PATTERN);
});

test('a hashed name never takes a readable name that another pair owns', () => {
  const hashed = namesOf([
    { server: 'srv', tool: 'a.b' },
    { server: 'srv', tool: 'a b' },
  ])[0];
  const suffix = hashed.slice('srv__'.length);
  const names = namesOf([
    { server: 'srv', tool: 'a.b' },
    { server: 'srv', tool: 'a b' },
    { server: 'srv', tool: suffix },
  ]);
  assert.equal(names[2], hashed);
  assert.equal(new Set(names).size, 3);
});

test('1000 awkward tools: every name valid, unique, and the same whatever the input order', () => {
  const refs: ToolRef[] = [];
  const awkward = ['read.file', 'read file', 'read_file', 'ünïcode', '日本', 'x'.repeat(90), 'a/b', 'a-b', 'A.B', ''];
  for (let s = 0; s < 10; s++) {
    for (let t = 0; t < 100; t++) {
      refs.push({ server: s % 2 ? `server ${s}` : `server.${s}`, tool: `${awkward[t % awkward.length]}${Math.floor(t / awkward.length)}` });
    }
  }
  const reference = assignModelNames(refs);
  const names = [...reference.values()];
  assert.equal(names.length, 1000);
  assert.equal(new Set(names).size, 1000);
  for (const name of names) assert.match(name, MODEL_TOOL_NAME_PATTERN);
  for (const seed of [1, 2, 3]) {
    assert.deepEqual([...assignModelNames(shuffled(refs, seed)).entries()].sort(), [...reference.entries()].sort());
  }
});

test('the same pair listed twice gets one name', () => {
  const names = assignModelNames([
    { server: 'srv', tool: 'x' },
    { server: 'srv', tool: 'x' },
  ]);
  assert.equal(names.size, 1);
  assert.equal(names.get(refKey({ server: 'srv', tool: 'x' })), 'srv__x');
});
