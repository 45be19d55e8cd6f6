import { useEffect, useState } from 'react';
import type { InputState } from '../../../../../shared/servers/config-inputs.ts';
import { useAppStore, useHostApi } from '../../../app/host-context.tsx';

/** The `${input:ID}` inputs and whether each has a value, asked again whenever the servers or the file change. */
export function useInputs(): InputState[] {
  const api = useHostApi();
  const servers = useAppStore((state) => state.servers);
  const config = useAppStore((state) => state.config);
  const [inputs, setInputs] = useState<InputState[]>([]);
  useEffect(() => {
    let current = true;
    api.call('servers.inputs', {}).then(
      (next) => current && setInputs(next),
      () => current && setInputs([]),
    );
    return () => {
      current = false;
    };
  }, [api, servers, config]);
  return inputs;
}

/** Inputs still without a value, of one server or of all. */
export function missingInputs(inputs: readonly InputState[], server?: string): InputState[] {
  return inputs.filter((input) => !input.stored && input.usedBy.length > 0 && (server === undefined || input.usedBy.includes(server)));
}
