import { assert, test } from '../../test-support/node-test.mjs';
import type { AppSettings } from '../../../../shared/chat/settings-types.ts';
import { formFromSettings, keyStatus, settingsPatch } from './settings-form.ts';

const settings: AppSettings = {
  systemPrompt: 'Be brief.',
  defaultProvider: 'anthropic',
  defaultModel: 'claude-sonnet-4-6',
  maxStepsPerTurn: 25,
  toolResultCharLimit: 50_000,
  contextCharLimit: 100_000,
  toolSearchMaxTools: 40,
  toolSearchMaxTokens: 15_000,
  pinnedTools: [],
  providers: {
    anthropic: { baseURL: 'http://127.0.0.1:9999', hasApiKey: false, apiKeyFromEnv: true },
    openai: { hasApiKey: false, apiKeyFromEnv: false, label: 'OpenAI' },
  },
  secretStorage: { encrypted: false },
};

test('an untouched form changes nothing, not even a base URL that comes from the environment', () => {
  assert.deepEqual(settingsPatch(settings, formFromSettings(settings)), { patch: {}, errors: {} });
});

test('only changed fields are sent, numbers parsed, an emptied URL sent as empty', () => {
  const values = {
    ...formFromSettings(settings),
    anthropicBaseURL: '',
    openaiBaseURL: ' http://localhost:11434/v1 ',
    systemPrompt: 'Be thorough.',
    maxStepsPerTurn: '40',
    toolResultCharLimit: '100,000',
  };
  assert.deepEqual(settingsPatch(settings, values), {
    patch: { anthropicBaseURL: '', openaiBaseURL: 'http://localhost:11434/v1', systemPrompt: 'Be thorough.', maxStepsPerTurn: 40, toolResultCharLimit: 100_000 },
    errors: {},
  });
});

test('a new default provider goes with its model; bad values are named per field', () => {
  const switched = settingsPatch(settings, { ...formFromSettings(settings), defaultProvider: 'openai', defaultModel: 'claude-sonnet-4-6' });
  assert.deepEqual(switched.patch, { defaultProvider: 'openai', defaultModel: 'claude-sonnet-4-6' });
  const { errors } = settingsPatch(settings, {
    ...formFromSettings(settings),
    openaiBaseURL: 'ftp://x',
    anthropicBaseURL: 'not a url',
    maxStepsPerTurn: '0',
    toolResultCharLimit: '12.5',
    defaultModel: ' ',
  });
  assert.deepEqual(Object.keys(errors).sort(), ['anthropicBaseURL', 'defaultModel', 'maxStepsPerTurn', 'openaiBaseURL', 'toolResultCharLimit']);
  assert.match(errors.maxStepsPerTurn!, /between 1 and 500/);
});

test('key status never needs the key', () => {
  assert.equal(keyStatus(settings, 'anthropic'), 'environment');
  assert.equal(keyStatus(settings, 'openai'), 'none');
  assert.equal(keyStatus({ ...settings, providers: { ...settings.providers, anthropic: { hasApiKey: true, apiKeyFromEnv: true } } }, 'anthropic'), 'stored');
});

test('the tool search budget: counts change only what changed, and bad numbers get a clear error', () => {
  const changed = settingsPatch(settings, { ...formFromSettings(settings), toolSearchMaxTools: '60', toolSearchMaxTokens: '20,000' });
  assert.deepEqual(changed, { patch: { toolSearchMaxTools: 60, toolSearchMaxTokens: 20_000 }, errors: {} });
  const wrong = settingsPatch(settings, { ...formFromSettings(settings), toolSearchMaxTools: '200', toolSearchMaxTokens: 'lots' });
  assert.deepEqual(Object.keys(wrong.errors).sort(), ['toolSearchMaxTokens', 'toolSearchMaxTools']);
  assert.match(wrong.errors.toolSearchMaxTools ?? '', /between 1 and 127/);
});
