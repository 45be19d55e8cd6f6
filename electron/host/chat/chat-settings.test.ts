import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, SettingsStore } from '../store/database.ts';
import { SecretStore } from '../store/secrets.ts';
import { ChatSettings, DEFAULT_SYSTEM_PROMPT, FALLBACK_MODELS, openaiLabel } from './chat-settings.ts';

function setup(t: { after(fn: () => void): void }, env: Record<string, string | undefined> = {}) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sb-settings-'));
  const db = openDatabase(dir);
  t.after(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const secrets = new SecretStore(dir);
  return { dir, secrets, settings: new ChatSettings(new SettingsStore(db), secrets, env) };
}

test('defaults: Anthropic with a current Sonnet, the base prompt, 25 steps', (t) => {
  const { settings } = setup(t);
  const got = settings.get();
  assert.equal(got.defaultProvider, 'anthropic');
  assert.equal(got.defaultModel, FALLBACK_MODELS.anthropic);
  assert.equal(got.systemPrompt, DEFAULT_SYSTEM_PROMPT);
  assert.equal(got.maxStepsPerTurn, 25);
  assert.deepEqual(got.providers.anthropic, { hasApiKey: false, apiKeyFromEnv: false });
});

test('a stored key is kept owner-only, never shown, and wins over the environment; removing it falls back', { skip: process.platform === 'win32' }, (t) => {
  const key = 'sk-ant-test-0123456789abcdef';
  const { settings, secrets } = setup(t, { ANTHROPIC_API_KEY: 'sk-from-env' });
  assert.equal(settings.apiKey('anthropic'), 'sk-from-env');
  const after = settings.setApiKey('anthropic', `  ${key} `);
  assert.doesNotMatch(JSON.stringify(after), /sk-ant|sk-from-env/);
  assert.deepEqual(after.providers.anthropic, { hasApiKey: true, apiKeyFromEnv: true });
  assert.equal(settings.apiKey('anthropic'), key);
  assert.equal(statSync(secrets.filePath).mode & 0o777, 0o600);
  assert.match(readFileSync(secrets.filePath, 'utf8'), new RegExp(key));
  settings.setApiKey('anthropic', '');
  assert.equal(settings.get().providers.anthropic.hasApiKey, false);
  assert.equal(settings.apiKey('anthropic'), 'sk-from-env');
});

test('base URLs: Settings first, then the environment; an empty value clears the setting', (t) => {
  const { settings } = setup(t, { OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1' });
  assert.equal(settings.baseURL('openai'), 'http://127.0.0.1:11434/v1');
  assert.equal(settings.get().providers.openai.label, 'Ollama');
  settings.update({ openaiBaseURL: 'https://openrouter.ai/api/v1', systemPrompt: 'Be brief.', maxStepsPerTurn: 3 });
  const got = settings.get();
  assert.equal(got.providers.openai.baseURL, 'https://openrouter.ai/api/v1');
  assert.equal(got.providers.openai.label, 'OpenRouter');
  assert.equal(got.systemPrompt, 'Be brief.');
  assert.equal(got.maxStepsPerTurn, 3);
  settings.update({ openaiBaseURL: '' });
  assert.equal(settings.baseURL('openai'), 'http://127.0.0.1:11434/v1');
});

test('switching the default provider without a model picks that provider\'s default model', (t) => {
  const { settings } = setup(t);
  assert.equal(settings.update({ defaultProvider: 'openai' }).defaultModel, FALLBACK_MODELS.openai);
  assert.equal(settings.update({ defaultProvider: 'openai', defaultModel: 'qwen3' }).defaultModel, 'qwen3');
  assert.equal(openaiLabel('http://localhost:1234/v1'), 'LM Studio');
});
