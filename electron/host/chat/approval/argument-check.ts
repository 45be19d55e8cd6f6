import { AjvJsonSchemaValidator } from '@modelcontextprotocol/client/validators/ajv';

const validator = new AjvJsonSchemaValidator();

/**
 * Arguments the person edited, checked against the tool's `inputSchema` before the call (server/tools § Tool:
 * the schema defines the expected parameters), so a slip is refused in the dialog rather than sent to the server.
 * A schema the validator cannot compile does not block the call: the server still checks its own input.
 */
export function checkEditedArguments(inputSchema: Record<string, unknown> | undefined, args: unknown): { ok: true } | { ok: false; error: string } {
  if (typeof args !== 'object' || args === null || Array.isArray(args)) return { ok: false, error: 'the arguments must be a JSON object' };
  if (!inputSchema) return { ok: true };
  let check;
  try {
    check = validator.getValidator<unknown>(inputSchema as never);
  } catch {
    return { ok: true };
  }
  const verdict = check(args);
  if (verdict.valid) return { ok: true };
  // Ajv names the checked value "data"; the person edited "arguments".
  const error = (verdict.errorMessage ?? 'they do not match the tool’s input schema').replace(/(^|, )data(?=[/ ])/g, '$1arguments');
  return { ok: false, error };
}
