import os from 'node:os';
import type { z } from 'zod';
import { HostError } from '../../../../shared/api/host-error.ts';
import type { inputsMethods, InputsResults } from '../../../../shared/api/inputs-api.ts';
import type { ParsedConfigFile } from '../../../../shared/servers/server-config.ts';
import type { InputValues } from './input-values.ts';

type InputsMethodName = keyof typeof inputsMethods;

export type InputsHandlers = {
  [M in InputsMethodName]: (params: z.output<(typeof inputsMethods)[M]>) => Promise<InputsResults[M]>;
};

/** What the handlers need of the server manager: the configuration as written, and a way to apply it again. */
export interface InputsTarget {
  writtenConfig(): ParsedConfigFile;
  addInputs(inputs: z.output<(typeof inputsMethods)['servers.defineInputs']>['inputs']): Promise<void>;
  /** Resolves every entry again and restarts those whose resolved launch changed. */
  reapply(): void;
}

export function createInputsHandlers(target: InputsTarget, values: InputValues): InputsHandlers {
  const states = () => {
    const config = target.writtenConfig();
    return values.states(config.inputs ?? [], config.raw);
  };
  return {
    'servers.inputs': async () => states(),
    'servers.setInputValues': async ({ values: entered }) => {
      const known = new Set(states().map((input) => input.id));
      const unknown = Object.keys(entered).filter((id) => !known.has(id));
      if (unknown.length > 0) throw new HostError('not_found', `no server uses or defines the input ${unknown.map((id) => `"${id}"`).join(', ')}`);
      for (const [id, value] of Object.entries(entered)) values.set(id, value);
      target.reapply();
      return states();
    },
    'servers.defineInputs': async ({ inputs }) => {
      await target.addInputs(inputs);
      target.reapply();
      return states();
    },
  };
}

/** The sources variables are expanded from in this host. */
export function hostVariableSources(values: InputValues) {
  return { env: process.env, userHome: os.homedir(), inputValue: (id: string) => values.get(id) };
}
