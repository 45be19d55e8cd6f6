import { mergePathValues } from './login-shell-path.ts';

/**
 * The environment a stdio server starts with: the SDK's safe default subset (never the host's whole
 * environment, which may hold the host's own secrets), the login shell's PATH ahead of the inherited one, and
 * the entry's `env` last so the person's explicit values win.
 */
export function buildStdioEnvironment(
  defaults: Record<string, string>,
  loginShellPath: string | undefined,
  configured: Record<string, string> | undefined,
  delimiter: string,
): Record<string, string> {
  const env: Record<string, string> = { ...defaults };
  const pathKey = Object.keys(env).find((key) => key.toUpperCase() === 'PATH') ?? 'PATH';
  const merged = mergePathValues(loginShellPath, env[pathKey], delimiter);
  if (merged !== '') env[pathKey] = merged;
  return { ...env, ...configured };
}
