import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Bm25, tokenize } from './bm25.ts';

test('names split into words whatever their style, accents folded, small words dropped', () => {
  assert.deepEqual(tokenize('getIssueComments'), ['get', 'issue', 'comment']);
  assert.deepEqual(tokenize('list_pull-requests'), ['list', 'pull', 'request']);
  assert.deepEqual(tokenize('searches repositories status'), ['search', 'repository', 'status']);
  assert.deepEqual(tokenize('HTTPRequest of the café'), ['http', 'request', 'cafe']);
});

test('rare words weigh more than common ones, and a name counted twice outweighs a mention in prose', () => {
  const index = new Bm25([
    ['list_issues', 'list_issues', 'Lists issues of a repository.'],
    ['create_issue', 'create_issue', 'Creates an issue in a repository.'],
    ['search_code', 'search_code', 'Searches code; can also find an issue by text.'],
    ['get_weather', 'get_weather', 'Weather in a city.'],
  ]);
  assert.deepEqual(index.search('create issue', 2).map((hit) => hit.index), [1, 0]);
  assert.equal(index.search('weather', 5).length, 1);
  assert.deepEqual(index.search('nothing matches this', 5), []);
  assert.deepEqual(index.search('issue', 5, (i) => i !== 1).map((hit) => hit.index).includes(1), false);
});
