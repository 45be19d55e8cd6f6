/** Error codes that cross the HostApi boundary; the message is for people. */
export type HostErrorCode =
  | 'invalid_params'
  | 'unknown_method'
  | 'not_found'
  | 'conflict'
  | 'config_unreadable'
  | 'server_unavailable'
  | 'request_failed'
  | 'timeout'
  | 'cancelled'
  | 'unauthorized'
  /** The data folder could not be written: a full disk, a read-only folder. */
  | 'storage_failed'
  | 'internal';

export interface SerializedHostError {
  code: HostErrorCode;
  message: string;
}

export class HostError extends Error {
  readonly code: HostErrorCode;
  constructor(code: HostErrorCode, message: string) {
    super(message);
    this.name = 'HostError';
    this.code = code;
  }

  toJSON(): SerializedHostError {
    return { code: this.code, message: this.message };
  }

  static from(value: unknown): HostError {
    if (value instanceof HostError) return value;
    if (typeof value === 'object' && value !== null && 'code' in value && 'message' in value) {
      const { code, message } = value as SerializedHostError;
      return new HostError(code, String(message));
    }
    return new HostError('internal', value instanceof Error ? value.message : String(value));
  }
}
