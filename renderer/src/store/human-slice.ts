import type { StateCreator } from 'zustand';
import { DEFAULT_SERVER_HUMAN_SETTINGS } from '../../../shared/consent/human-settings.ts';
import type { HumanSettings, ServerHumanSettings } from '../../../shared/consent/human-settings.ts';

/** The approval mode and per-server permissions (sampling, auto-approval, roots), as the host last said. */
export interface HumanSlice {
  /** `undefined` until the first `human.get` answer. */
  human: HumanSettings | undefined;
  humanReceived(human: HumanSettings): void;
}

export const createHumanSlice: StateCreator<HumanSlice, [], [], HumanSlice> = (set) => ({
  human: undefined,
  humanReceived: (human) => set({ human }),
});

/** A server without an entry has the defaults, so every view reads the same thing for it. */
export function serverHuman(human: HumanSettings | undefined, server: string): ServerHumanSettings {
  return (human && Object.hasOwn(human.servers, server) ? human.servers[server] : undefined) ?? DEFAULT_SERVER_HUMAN_SETTINGS;
}
