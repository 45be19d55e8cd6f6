import assert from 'node:assert/strict';
import { test } from 'node:test';
import { judge, summary, tally } from './verdict.ts';
import type { RecordedCheck, Verdict } from './verdict.ts';

// Check lists as the suite 0.2.0-alpha.12 records them in checks.json.
const skillsNeverListed: RecordedCheck[] = [
  { id: 'sep-2640-host-no-prefetch', status: 'SKIPPED', errorMessage: 'the client never called skills/list, so no retrieval window was opened' },
];
const toolsCall: RecordedCheck[] = [
  { id: 'tools-call-request', status: 'SUCCESS' },
  { id: 'wire-schema-valid', status: 'SUCCESS' },
];

test('a run whose checks were all skipped is not exercised, though the suite exited 0', () => {
  assert.deepEqual(judge(skillsNeverListed, 0), {
    outcome: 'not-exercised',
    detail: 'the client never called skills/list, so no retrieval window was opened',
  });
});

test('the generic wire-schema check alone does not make a run exercised', () => {
  assert.equal(judge([...skillsNeverListed, { id: 'wire-schema-valid', status: 'SUCCESS' }], 0).outcome, 'not-exercised');
  assert.equal(judge([{ id: 'wire-schema-valid', status: 'SUCCESS' }, { id: 'note', status: 'INFO' }], 0).outcome, 'not-exercised');
  assert.equal(judge([], 0).outcome, 'not-exercised');
});

test('any failure or warning fails the run, even beside skipped and passing checks', () => {
  const failing = judge([...toolsCall, ...skillsNeverListed, { id: 'cimd-used', status: 'FAILURE' }], 1);
  assert.deepEqual(failing, { outcome: 'failed', detail: 'cimd-used (failure)' });
  assert.equal(judge([{ id: 'scope', status: 'WARNING' }], 0).outcome, 'failed');
  assert.equal(judge([{ id: 'wire-schema-valid', status: 'FAILURE' }], 0).outcome, 'failed');
});

test('passing checks with a client that exited with an error (or timed out) is a failure', () => {
  assert.equal(judge(toolsCall, 1).outcome, 'failed');
  assert.equal(judge(toolsCall, null).outcome, 'failed');
});

test('a run with a passing check of its own and nothing failing passes', () => {
  assert.deepEqual(judge([...toolsCall, { id: 'optional', status: 'SKIPPED' }], 0), { outcome: 'passed', detail: '' });
});

test('the tally keeps passed, expected failures and not exercised apart', () => {
  const verdicts: Verdict[] = [
    { key: 'tools_call@2025-06-18', outcome: 'passed', detail: '' },
    { key: 'auth/dpop', outcome: 'failed', detail: 'dpop-proof (failure)' },
    { key: 'sep-2640-client-no-prefetch', outcome: 'not-exercised', detail: 'never called skills/list' },
    { key: 'initialize@2025-11-25', outcome: 'failed', detail: 'x (failure)' },
  ];
  const counts = tally(verdicts, { 'auth/dpop': 'DPoP is not implemented' }, true);
  assert.deepEqual([counts.passed, counts.expectedFailures, counts.notExercised, counts.failed, counts.stale], [1, 1, 1, 1, 0]);
  assert.deepEqual(summary(counts), [
    'conformance: 1 expected failures',
    'conformance: 1 not exercised',
    'conformance: 1 passed',
    'conformance: 1 failed',
  ]);
  // scripts/test.mjs adds up exactly the passed and failed lines.
  const parsed = [...summary(counts).join('\n').matchAll(/^conformance: (\d+) (passed|failed)/gm)].map((match) => match[2]);
  assert.deepEqual(parsed, ['passed', 'failed']);
});

test('an expected failure that passes, or names no run, is stale', () => {
  const counts = tally([{ key: 'auth/basic-cimd@2025-11-25', outcome: 'passed', detail: '' }], { 'auth/basic-cimd@2025-11-25': 'r', gone: 'r' }, true);
  assert.equal(counts.passed, 1);
  assert.equal(counts.stale, 2);
  assert.equal(tally([], { gone: 'r' }, false).stale, 0);
});
