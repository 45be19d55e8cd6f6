/**
 * VS Code's `inputs` (its mcp.json and settings.json `mcp.inputs`): values asked of the person once, referred
 * to as `${input:ID}`. mcp.json keeps the definitions at its top level beside `mcpServers`, as VS Code does;
 * the values live in the host's secret store.
 */
export interface InputDefinition {
  id: string;
  description?: string;
  /** Asked masked, and usable only where values never reach the renderer (`env`, `headers`). */
  password?: boolean;
}

/** What the renderer learns of an input: never its value. */
export interface InputState extends InputDefinition {
  /** A value is in the secret store. */
  stored: boolean;
  /** The servers whose entries refer to it. */
  usedBy: string[];
}

const ID = /^[A-Za-z0-9_.-]{1,100}$/;

/** The `inputs` array as written (VS Code's `promptString` kind); anything else in it is ignored, not fatal. */
export function parseInputDefinitions(value: unknown): InputDefinition[] {
  if (!Array.isArray(value)) return [];
  const found: InputDefinition[] = [];
  for (const item of value) {
    if (typeof item !== 'object' || item === null) continue;
    const { id, description, password, type } = item as Record<string, unknown>;
    if (typeof id !== 'string' || !ID.test(id) || (type !== undefined && type !== 'promptString')) continue;
    if (found.some((input) => input.id === id)) continue;
    found.push({ id, ...(typeof description === 'string' ? { description: description.slice(0, 500) } : {}), ...(password === true ? { password: true } : {}) });
  }
  return found;
}

/** Every `${…}` variable in a value, with its kind: `env:NAME`, `input:ID`, `userHome`, or another name. */
export const VARIABLE_PATTERN = /\$\{([^}]*)\}/g;
