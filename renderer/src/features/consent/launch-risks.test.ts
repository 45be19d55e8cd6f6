import { assert, test } from '../../test-support/node-test.mjs';
import { reviewLaunch } from '../../../../shared/consent/launch-review.ts';
import { locationText, worstAt } from './launch-risks.ts';

test('each part of the launch is marked with the worst risk found in it', () => {
  const review = reviewLaunch({ command: 'sudo', args: ['node', 'server.js', '/'], env: { API_TOKEN: 'x' } });
  assert.equal(worstAt(review.risks, { part: 'command' }), 'danger');
  assert.equal(worstAt(review.risks, { part: 'arg', index: 1 }), undefined);
  assert.equal(worstAt(review.risks, { part: 'arg', index: 2 }), 'caution');
  assert.equal(worstAt(review.risks, { part: 'cwd' }), undefined);
});

test('locations in words', () => {
  assert.equal(locationText({ part: 'arg', index: 0 }), 'argument 1');
  assert.equal(locationText({ part: 'env', key: 'NODE_OPTIONS' }), 'variable NODE_OPTIONS');
  assert.equal(locationText(undefined), undefined);
});
