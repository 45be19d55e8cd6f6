import type { z } from 'zod';
import type { telemetryMethods, TelemetryResults } from '../../../shared/api/telemetry-api.ts';
import type { TelemetryService } from './telemetry-service.ts';

type TelemetryMethodName = keyof typeof telemetryMethods;

export type TelemetryHandlers = {
  [M in TelemetryMethodName]: (params: z.output<(typeof telemetryMethods)[M]>) => Promise<TelemetryResults[M]>;
};

/** The telemetry part of HostApi: the OTLP endpoint and its headers (write-only). */
export function createTelemetryHandlers(telemetry: TelemetryService): TelemetryHandlers {
  return {
    'telemetry.get': async () => telemetry.get(),
    'telemetry.update': async (params) => telemetry.update(params),
  };
}
