import { assert, test } from '../../test-support/node-test.mjs';
import { pickIcon } from './pick-icon.ts';

test('pickIcon skips declared svg and malformed entries, and prefers the icon made for the theme', () => {
  assert.equal(pickIcon(undefined, 'light'), undefined);
  assert.equal(pickIcon('nope', 'light'), undefined);
  assert.equal(pickIcon([{ src: 'data:a', mimeType: 'image/svg+xml' }, { src: 7 }, { src: 'data:b' }], 'light'), 'data:b');
  const themed = [
    { src: 'light.png', mimeType: 'image/png', theme: 'light' },
    { src: 'plain.png' },
    { src: 'dark.png', mimeType: 'image/png', theme: 'dark' },
  ];
  assert.equal(pickIcon(themed, 'dark'), 'dark.png');
  assert.equal(pickIcon(themed, 'light'), 'light.png');
  assert.equal(pickIcon(themed.slice(1, 2).concat(themed[0]!), 'dark'), 'plain.png');
});
