import { z } from 'zod';
import type { InputState } from '../servers/config-inputs.ts';

const inputId = z.string().regex(/^[A-Za-z0-9_.-]{1,100}$/, 'an input id uses letters, digits, dot, dash and underscore');

/**
 * `${input:ID}` values (VS Code `inputs`): defined beside `mcpServers` in mcp.json, asked of the person once,
 * kept in the secret store. Values go in and never come back; servers that used them start again.
 */
export const inputsMethods = {
  'servers.inputs': z.object({}).strict(),
  'servers.setInputValues': z.object({ values: z.record(inputId, z.string().min(1).max(10_000)) }).strict(),
  /** Adds definitions (from an imported VS Code config); an id already defined keeps its definition. */
  'servers.defineInputs': z
    .object({
      inputs: z.array(z.object({ id: inputId, description: z.string().max(500).optional(), password: z.boolean().optional() }).strict()).max(100),
    })
    .strict(),
} as const;

export interface InputsResults {
  'servers.inputs': InputState[];
  'servers.setInputValues': InputState[];
  'servers.defineInputs': InputState[];
}
