import { assert, test } from '../../test-support/node-test.mjs';
import { isSendKey } from './composer-keys.ts';

const press = (key: string, extra: Partial<{ shiftKey: boolean; altKey: boolean; isComposing: boolean }> = {}) => ({
  key,
  shiftKey: false,
  altKey: false,
  isComposing: false,
  ...extra,
});

test('Enter sends; Shift+Enter, Alt+Enter and an IME choosing a word do not', () => {
  assert.equal(isSendKey(press('Enter')), true);
  assert.equal(isSendKey(press('Enter', { shiftKey: true })), false);
  assert.equal(isSendKey(press('Enter', { altKey: true })), false);
  assert.equal(isSendKey(press('Enter', { isComposing: true })), false);
  assert.equal(isSendKey(press('a')), false);
});
