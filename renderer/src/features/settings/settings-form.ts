import type { HostMethodParams } from '../../../../shared/api/host-api.ts';
import type { ProviderId } from '../../../../shared/chat/chat-types.ts';
import type { AppSettings } from '../../../../shared/chat/settings-types.ts';

export interface SettingsFormValues {
  anthropicBaseURL: string;
  openaiBaseURL: string;
  defaultProvider: ProviderId;
  defaultModel: string;
  systemPrompt: string;
  maxStepsPerTurn: string;
  toolResultCharLimit: string;
  contextCharLimit: string;
  toolSearchMaxTools: string;
  toolSearchMaxTokens: string;
}

export type SettingsField = keyof SettingsFormValues;
export type SettingsPatch = HostMethodParams<'settings.update'>;

export function formFromSettings(settings: AppSettings): SettingsFormValues {
  return {
    anthropicBaseURL: settings.providers.anthropic.baseURL ?? '',
    openaiBaseURL: settings.providers.openai.baseURL ?? '',
    defaultProvider: settings.defaultProvider,
    defaultModel: settings.defaultModel,
    systemPrompt: settings.systemPrompt,
    maxStepsPerTurn: String(settings.maxStepsPerTurn),
    toolResultCharLimit: String(settings.toolResultCharLimit),
    contextCharLimit: String(settings.contextCharLimit),
    toolSearchMaxTools: String(settings.toolSearchMaxTools),
    toolSearchMaxTokens: String(settings.toolSearchMaxTokens),
  };
}

function wholeNumber(text: string, min: number, max: number, what: string): { value?: number; error?: string } {
  const trimmed = text.trim().replace(/[_,\s]/g, '');
  if (!/^\d+$/.test(trimmed)) return { error: `${what} must be a whole number.` };
  const value = Number(trimmed);
  if (value < min || value > max) return { error: `${what} must be between ${min.toLocaleString('en')} and ${max.toLocaleString('en')}.` };
  return { value };
}

function checkUrl(text: string): string | undefined {
  const trimmed = text.trim();
  if (!trimmed) return undefined;
  try {
    const url = new URL(trimmed);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'The base URL must start with http:// or https://.';
  } catch {
    return 'Not a URL: write it in full, e.g. https://api.example.com.';
  }
  return undefined;
}

/**
 * Only what changed goes to `settings.update`: a field left as shown (a base URL that comes from the
 * environment, say) is not written into the settings as if the person had chosen it.
 */
export function settingsPatch(
  current: AppSettings,
  values: SettingsFormValues,
): { patch: SettingsPatch; errors: Partial<Record<SettingsField, string>> } {
  const errors: Partial<Record<SettingsField, string>> = {};
  const patch: SettingsPatch = {};
  const shown = formFromSettings(current);

  for (const field of ['anthropicBaseURL', 'openaiBaseURL'] as const) {
    const value = values[field].trim();
    if (value === shown[field]) continue;
    const error = checkUrl(value);
    if (error) errors[field] = error;
    else patch[field] = value;
  }
  if (values.defaultProvider !== current.defaultProvider) patch.defaultProvider = values.defaultProvider;
  const model = values.defaultModel.trim();
  if (!model) errors.defaultModel = 'Choose a model.';
  else if (model !== current.defaultModel || patch.defaultProvider) patch.defaultModel = model;
  if (values.systemPrompt !== current.systemPrompt) patch.systemPrompt = values.systemPrompt;

  const steps = wholeNumber(values.maxStepsPerTurn, 1, 500, 'Steps per turn');
  if (steps.error) errors.maxStepsPerTurn = steps.error;
  else if (steps.value !== current.maxStepsPerTurn) patch.maxStepsPerTurn = steps.value;
  const cap = wholeNumber(values.toolResultCharLimit, 1_000, 2_000_000, 'The tool result cap');
  if (cap.error) errors.toolResultCharLimit = cap.error;
  else if (cap.value !== current.toolResultCharLimit) patch.toolResultCharLimit = cap.value;
  const contextCap = wholeNumber(values.contextCharLimit, 1_000, 2_000_000, 'The context cap');
  if (contextCap.error) errors.contextCharLimit = contextCap.error;
  else if (contextCap.value !== current.contextCharLimit) patch.contextCharLimit = contextCap.value;
  // OpenAI takes at most 128 tools, the search tool among them.
  const maxTools = wholeNumber(values.toolSearchMaxTools, 1, 127, 'The tool count budget');
  if (maxTools.error) errors.toolSearchMaxTools = maxTools.error;
  else if (maxTools.value !== current.toolSearchMaxTools) patch.toolSearchMaxTools = maxTools.value;
  const maxTokens = wholeNumber(values.toolSearchMaxTokens, 1_000, 1_000_000, 'The tool token budget');
  if (maxTokens.error) errors.toolSearchMaxTokens = maxTokens.error;
  else if (maxTokens.value !== current.toolSearchMaxTokens) patch.toolSearchMaxTokens = maxTokens.value;

  return { patch, errors };
}

export type KeyStatus = 'stored' | 'environment' | 'none';

/** A stored key wins over the environment's (as the host uses them). */
export function keyStatus(settings: AppSettings, provider: ProviderId): KeyStatus {
  const entry = settings.providers[provider];
  return entry.hasApiKey ? 'stored' : entry.apiKeyFromEnv ? 'environment' : 'none';
}
