import type { InputDefinition, InputState } from '../../../../shared/servers/config-inputs.ts';
import type { SecretStore } from '../../store/secrets.ts';
import { inputsUsed } from './resolve-variables.ts';

const KEY_PREFIX = 'input-value:';

/** The values entered for `${input:ID}`, in the secret store (all of them: a non-password one may still be private). */
export class InputValues {
  private readonly store: SecretStore | undefined;
  /** Without a secret store (unit tests of the manager), values live as long as the host. */
  private readonly memory = new Map<string, string>();

  constructor(store: SecretStore | undefined) {
    this.store = store;
  }

  get(id: string): string | undefined {
    return this.store ? this.store.get(KEY_PREFIX + id) : this.memory.get(id);
  }

  set(id: string, value: string): void {
    if (this.store) this.store.set(KEY_PREFIX + id, value);
    else this.memory.set(id, value);
  }

  /** Each definition with whether a value is stored and which servers use it; an id used but not defined is listed too. */
  states(definitions: readonly InputDefinition[], raw: Record<string, unknown>): InputState[] {
    const used = inputsUsed(raw);
    const ids = new Set([...definitions.map((input) => input.id), ...[...used.values()].flatMap((set) => [...set])]);
    return [...ids].map((id) => ({
      ...(definitions.find((input) => input.id === id) ?? { id }),
      stored: this.get(id) !== undefined,
      usedBy: [...used].filter(([, set]) => set.has(id)).map(([name]) => name),
    }));
  }
}
