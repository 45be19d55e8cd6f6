import { z } from 'zod';

/** Trace export as the window sees it: header values are secrets and never leave the host. */
export interface TelemetrySettings {
  /** The OTLP/HTTP endpoint as entered; absent while export is off (the default). */
  endpoint?: string;
  /** Where spans are posted: the endpoint with `/v1/traces` added, unless it already ends so. */
  tracesUrl?: string;
  /** Names of the headers sent with each export (their values stay in the secret store). */
  headerNames: string[];
  /** Why the latest export failed; cleared by the next one that succeeds. */
  lastError?: string;
}

export const telemetryMethods = {
  'telemetry.get': z.object({}).strict(),
  /**
   * `endpoint` '' turns export off. `headers`: one `Name: value` per line, kept in the secret store; '' removes
   * them, leaving it out keeps those stored.
   */
  'telemetry.update': z
    .object({ endpoint: z.string().max(2_000), headers: z.string().max(8_000).optional() })
    .strict(),
} as const;

export interface TelemetryResults {
  'telemetry.get': TelemetrySettings;
  'telemetry.update': TelemetrySettings;
}

export interface TelemetryEvents {
  'telemetry.changed': TelemetrySettings;
}

export const telemetryEventNames = ['telemetry.changed'] as const satisfies readonly (keyof TelemetryEvents)[];
