import { assert, test } from '../../test-support/node-test.mjs';
import { shortcutFor } from './shortcuts.ts';

const press = (key: string, extra: Partial<Parameters<typeof shortcutFor>[0]> = {}) =>
  shortcutFor({ key, ctrlKey: false, metaKey: false, altKey: false, typing: false, inDialog: false, ...extra });

test('app shortcuts work outside dialogs and text fields, dialog shortcuts only in a dialog', () => {
  assert.equal(press('n'), 'new-chat');
  assert.equal(press('/'), 'search');
  assert.equal(press(','), 'settings');
  assert.equal(press('l'), 'activity');
  assert.equal(press('a'), undefined);
  assert.equal(press('a', { inDialog: true }), 'allow-once');
  assert.equal(press('d', { inDialog: true }), 'deny');
  assert.equal(press('n', { inDialog: true }), undefined);
  assert.equal(press('?', { inDialog: true }), 'help');
});

test('typing and modified keys are never taken', () => {
  assert.equal(press('n', { typing: true }), undefined);
  assert.equal(press('a', { typing: true, inDialog: true }), undefined);
  assert.equal(press('n', { ctrlKey: true }), undefined);
  assert.equal(press('d', { altKey: true, inDialog: true }), undefined);
  assert.equal(press('x'), undefined);
});
