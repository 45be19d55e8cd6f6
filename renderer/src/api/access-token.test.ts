import { assert, test } from '../test-support/node-test.mjs';
import { forgetAccessToken, hasTokenFragment, takeAccessToken } from './access-token.ts';
import type { TokenPlace } from './access-token.ts';

function place(hash: string, stored?: string) {
  const storage = new Map<string, string>();
  if (stored !== undefined) storage.set('switchboard.accessToken', stored);
  const replaced: string[] = [];
  const fake: TokenPlace = {
    location: { hash, pathname: '/chat/2', search: '?view=full' },
    history: { state: null, replaceState: (_state: unknown, _title: string, url?: string | URL | null) => void replaced.push(String(url)) },
    storage: {
      getItem: (key) => storage.get(key) ?? null,
      setItem: (key, value) => void storage.set(key, value),
      removeItem: (key) => void storage.delete(key),
    },
  };
  return { fake, storage, replaced };
}

test('takes the token from the fragment, keeps it for this tab, and wipes it from the address bar', () => {
  const { fake, storage, replaced } = place('#token=abc_DEF-123');
  assert.equal(takeAccessToken(fake), 'abc_DEF-123');
  assert.equal(storage.get('switchboard.accessToken'), 'abc_DEF-123');
  assert.deepEqual(replaced, ['/chat/2?view=full']);
});

test('a reload finds it in sessionStorage; the address bar is left alone', () => {
  const { fake, replaced } = place('', 'kept');
  assert.equal(takeAccessToken(fake), 'kept');
  assert.deepEqual(replaced, []);
});

test('a fresh address wins over what the tab kept; other fragment parts stay', () => {
  const { fake, replaced } = place('#token=new&section=tools', 'old');
  assert.equal(takeAccessToken(fake), 'new');
  assert.deepEqual(replaced, ['/chat/2?view=full#section=tools']);
});

test('no token anywhere, and a forgotten one, is undefined', () => {
  assert.equal(takeAccessToken(place('#other=1').fake), undefined);
  const { fake } = place('', 'refused');
  forgetAccessToken(fake);
  assert.equal(takeAccessToken(fake), undefined);
});

test('tells a fragment that brings a token from one that does not', () => {
  assert.equal(hasTokenFragment('#token=abc'), true);
  assert.equal(hasTokenFragment('token=abc'), true);
  assert.equal(hasTokenFragment('#section=tools'), false);
  assert.equal(hasTokenFragment(''), false);
});
