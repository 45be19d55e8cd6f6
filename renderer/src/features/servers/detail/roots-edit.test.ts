import { assert, test } from '../../../test-support/node-test.mjs';
import type { RootEntry } from '../../../../../shared/consent/human-settings.ts';
import { withRoot, withoutRoot } from './roots-edit.ts';

const roots: RootEntry[] = [{ uri: 'file:///home/me/src', name: 'src', path: '/home/me/src' }];

test('adding keeps the current roots and their names, and names the new one only when given', () => {
  assert.deepEqual(withRoot(roots, ' /tmp/work ', ''), {
    ok: true,
    roots: [
      { path: '/home/me/src', name: 'src' },
      { path: '/tmp/work' },
    ],
  });
  assert.deepEqual(withRoot(roots, '/tmp/work', ' Work '), { ok: true, roots: [{ path: '/home/me/src', name: 'src' }, { path: '/tmp/work', name: 'Work' }] });
});

test('an empty path or one already listed is refused before asking the host', () => {
  assert.equal(withRoot(roots, '  ', '').ok, false);
  assert.equal(withRoot(roots, '/home/me/src/', '').ok, false);
});

test('removing leaves the others', () => {
  assert.deepEqual(withoutRoot(roots, '/home/me/src'), []);
  assert.deepEqual(withoutRoot(roots, '/elsewhere'), [{ path: '/home/me/src', name: 'src' }]);
});
