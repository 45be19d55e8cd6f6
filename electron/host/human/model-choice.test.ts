import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chooseModel } from './model-choice.ts';
import type { ModelCandidate } from './model-choice.ts';

const models: ModelCandidate[] = [
  { provider: 'openai', model: 'gpt-5.4' },
  { provider: 'openai', model: 'gpt-5.4-mini' },
  { provider: 'anthropic', model: 'claude-opus-4-8', displayName: 'Claude Opus 4.8' },
  { provider: 'anthropic', model: 'claude-sonnet-4-6', displayName: 'Claude Sonnet 4.6' },
  { provider: 'anthropic', model: 'claude-haiku-4-5', displayName: 'Claude Haiku 4.5' },
];
const fallback = { provider: 'anthropic' as const, model: 'claude-sonnet-4-6' };

// client/sampling § Model Preferences: hints are substrings of model names, tried in order; priorities advise.
test('the first hint that matches wins, the default provider first, case-insensitively', () => {
  assert.equal(chooseModel({ hints: [{ name: 'gemini' }, { name: 'OPUS' }] }, models, fallback).model, 'claude-opus-4-8');
  assert.deepEqual(chooseModel({ hints: [{ name: 'gpt-5.4' }] }, models, fallback), {
    provider: 'openai',
    model: 'gpt-5.4',
    reason: 'matches the server\'s hint "gpt-5.4"',
  });
  assert.equal(chooseModel({ hints: [{ name: 'Sonnet 4.6' }] }, models, fallback).model, 'claude-sonnet-4-6', 'display names count');
});

test('without a matching hint, priorities pick a tier of the default provider', () => {
  assert.equal(chooseModel({ intelligencePriority: 0.9, speedPriority: 0.1 }, models, fallback).model, 'claude-opus-4-8');
  assert.equal(chooseModel({ hints: [{ name: 'llama' }], speedPriority: 0.8, costPriority: 0.7 }, models, fallback).model, 'claude-haiku-4-5');
  // Equal weights: every tier scores the same, so the default model stays.
  assert.equal(chooseModel({ intelligencePriority: 0.5, speedPriority: 0.5, costPriority: 0.5 }, models, fallback).model, 'claude-sonnet-4-6');
});

test('nothing to go on: the default model', () => {
  assert.deepEqual(chooseModel(undefined, models, fallback), { ...fallback, reason: 'your default model' });
  assert.deepEqual(chooseModel({ speedPriority: 1 }, [], fallback), { ...fallback, reason: 'your default model' });
});
