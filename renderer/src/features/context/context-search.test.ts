import { assert, test } from '../../test-support/node-test.mjs';
import type { ContextCatalog } from '../../../../shared/context/context-types.ts';
import { pickerItems, templateVariables, triggerAt } from './context-search.ts';

const catalog: ContextCatalog = {
  prompts: [
    { server: 'everything', prompt: { name: 'simple-prompt' } },
    { server: 'everything', prompt: { name: 'completable-prompt', title: 'Team Management' } },
    { server: 'fx', prompt: { name: 'greet', description: 'Greets a team' } },
  ],
  resources: [{ server: 'fx', resource: { name: 'notes', uri: 'file:///notes.txt' } }],
  templates: [{ server: 'fx', template: { name: 'item', uriTemplate: 'fixture://items/{id}' } }],
};

test('/ at the start asks for prompts, @ after a space for resources; elsewhere nothing', () => {
  assert.deepEqual(triggerAt('/comp', 5), { kind: 'prompt', query: 'comp', start: 0 });
  assert.deepEqual(triggerAt('look at @no', 11), { kind: 'resource', query: 'no', start: 8 });
  assert.equal(triggerAt('a/b', 3), undefined);
  assert.equal(triggerAt('/comp more', 10), undefined);
  assert.equal(triggerAt('mail@example', 12), undefined);
});

test('prompts are filtered by name, title, server and description, names that start with the query first', () => {
  assert.deepEqual(pickerItems(catalog, { kind: 'prompt', query: 'team', start: 0 }).map((item) => item.name), ['completable-prompt', 'greet']);
  assert.deepEqual(pickerItems(catalog, { kind: 'prompt', query: 'prompt', start: 0 }).map((item) => item.name), ['simple-prompt', 'completable-prompt']);
  assert.deepEqual(pickerItems(catalog, { kind: 'resource', query: '', start: 0 }).map((item) => item.kind), ['resource', 'template']);
  assert.deepEqual(pickerItems(catalog, { kind: 'resource', query: 'items', start: 0 }).map((item) => item.name), ['item']);
});

test('template variables of every RFC 6570 operator', () => {
  assert.deepEqual(templateVariables('demo://x/{resourceId}'), ['resourceId']);
  assert.deepEqual(templateVariables('file://{+path}{?q,lang}{#frag}{/seg*}{name:3}'), ['path', 'q', 'lang', 'frag', 'seg', 'name']);
});
