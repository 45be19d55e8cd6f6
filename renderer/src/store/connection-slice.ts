import type { StateCreator } from 'zustand';
import type { ConnectionState } from '../api/host-connection.ts';

export interface ConnectionSlice {
  connection: ConnectionState;
  connectionChanged(connection: ConnectionState): void;
}

export const createConnectionSlice: StateCreator<ConnectionSlice, [], [], ConnectionSlice> = (set) => ({
  connection: { status: 'connecting', attempt: 0, epoch: 0 },
  connectionChanged: (connection) => set({ connection }),
});
