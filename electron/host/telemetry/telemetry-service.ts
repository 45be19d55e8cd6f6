import type { TelemetrySettings } from '../../../shared/api/telemetry-api.ts';
import type { HostEventBus } from '../event-bus.ts';
import type { SettingsStore } from '../store/database.ts';
import type { SecretStore } from '../store/secrets.ts';
import type { CallTracer } from './call-tracer.ts';
import type { OtelPipeline } from './otel-pipeline.ts';
import { parseHeaderLines, tracesUrlFor } from './otlp-endpoint.ts';
import type { TurnTracer } from './turn-tracer.ts';

const ENDPOINT_SETTING = 'telemetry.endpoint';
/** The headers, as one JSON object, are a secret: a collector's token is often among them. */
const HEADERS_SECRET = 'telemetry.headers';

export interface TelemetryServiceOptions {
  settings: SettingsStore;
  secrets: SecretStore;
  events: Pick<HostEventBus, 'emit'>;
  /** Tests shorten the batch delay; the SDK's default otherwise. */
  scheduledDelayMillis?: number;
}

/**
 * Optional trace export (OTLP/HTTP). Off by default; the OpenTelemetry SDK is imported only once an endpoint is
 * set, so startup and the CLI pay nothing without one. A change applies at once: the old exporter is flushed
 * and stopped, a new one started. Closing flushes what is queued.
 */
export class TelemetryService {
  private readonly options: TelemetryServiceOptions;
  private pipeline: OtelPipeline | undefined;
  /** Moves at each change, so a slower earlier start never replaces a later one. */
  private generation = 0;
  private lastError: string | undefined;

  constructor(options: TelemetryServiceOptions) {
    this.options = options;
  }

  /** Spans for chat turns and calls outside them, while export is on and the SDK is loaded. */
  tracer(): (TurnTracer & CallTracer) | undefined {
    return this.pipeline?.tracer;
  }

  async start(): Promise<void> {
    await this.apply();
  }

  get(): TelemetrySettings {
    const endpoint = this.endpoint();
    let tracesUrl: string | undefined;
    try {
      tracesUrl = endpoint === undefined ? undefined : tracesUrlFor(endpoint);
    } catch {
      tracesUrl = undefined;
    }
    return {
      ...(endpoint !== undefined ? { endpoint } : {}),
      ...(tracesUrl !== undefined ? { tracesUrl } : {}),
      headerNames: Object.keys(this.headers()),
      ...(this.lastError !== undefined ? { lastError: this.lastError } : {}),
    };
  }

  /** Refuses a bad endpoint or header line (the stored ones stay) before anything changes. */
  async update(input: { endpoint: string; headers?: string }): Promise<TelemetrySettings> {
    const endpoint = input.endpoint.trim();
    if (endpoint !== '') tracesUrlFor(endpoint);
    const headers = input.headers === undefined ? undefined : parseHeaderLines(input.headers);
    this.options.settings.set(ENDPOINT_SETTING, endpoint === '' ? undefined : endpoint);
    if (headers !== undefined) {
      if (Object.keys(headers).length === 0) this.options.secrets.delete(HEADERS_SECRET);
      else this.options.secrets.set(HEADERS_SECRET, JSON.stringify(headers));
    }
    this.lastError = undefined;
    await this.apply();
    return this.announce();
  }

  async close(): Promise<void> {
    this.generation++;
    const pipeline = this.pipeline;
    this.pipeline = undefined;
    await pipeline?.shutdown().catch(() => undefined);
  }

  private async apply(): Promise<void> {
    await this.close();
    const generation = this.generation;
    const endpoint = this.endpoint();
    if (endpoint === undefined) return;
    let tracesUrl: string;
    try {
      tracesUrl = tracesUrlFor(endpoint);
    } catch (error) {
      // Stored before a rule tightened, or edited by hand: export stays off and Settings says why.
      this.lastError = (error as Error).message;
      return;
    }
    const { startOtelPipeline } = await import('./otel-pipeline.ts');
    if (generation !== this.generation) return;
    this.pipeline = startOtelPipeline({
      tracesUrl,
      headers: this.headers(),
      onExport: (error) => this.exported(generation, error),
      scheduledDelayMillis: this.options.scheduledDelayMillis,
    });
  }

  private exported(generation: number, error: string | undefined): void {
    if (generation !== this.generation || error === this.lastError) return;
    this.lastError = error;
    this.announce();
  }

  private announce(): TelemetrySettings {
    const state = this.get();
    this.options.events.emit('telemetry.changed', state);
    return state;
  }

  private endpoint(): string | undefined {
    const value = this.options.settings.get<unknown>(ENDPOINT_SETTING, undefined);
    return typeof value === 'string' && value !== '' ? value : undefined;
  }

  private headers(): Record<string, string> {
    const stored = this.options.secrets.get(HEADERS_SECRET);
    if (stored === undefined) return {};
    try {
      const parsed = JSON.parse(stored) as unknown;
      if (typeof parsed !== 'object' || parsed === null) return {};
      return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
    } catch {
      return {};
    }
  }
}
