import type { HostApi } from '../../../shared/api/host-api.ts';

/** `refused`: browser mode's host does not know this page's token (or the page has none); nothing retries. */
export type ConnectionStatus = 'connecting' | 'open' | 'reconnecting' | 'refused';

export interface ConnectionState {
  status: ConnectionStatus;
  /** Failed attempts since the connection was last open. */
  attempt: number;
  /** When the next attempt is due (epoch ms), while reconnecting. */
  retryAt?: number;
  /** Goes up by one every time the connection opens, so views can re-fetch what they show. */
  epoch: number;
}

/** A HostApi plus how the transport under it is doing. The Electron bridge is always open. */
export interface HostConnection {
  api: HostApi;
  state(): ConnectionState;
  onStateChange(listener: (state: ConnectionState) => void): () => void;
  /** Try now instead of waiting for the next scheduled attempt. */
  retryNow(): void;
}
