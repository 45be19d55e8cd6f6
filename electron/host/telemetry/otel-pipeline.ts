import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { defaultResource, resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import type { SpanExporter } from '@opentelemetry/sdk-trace';
import { redactUrlsIn } from '../../../shared/servers/redact-url.ts';
import type { CallTracer } from './call-tracer.ts';
import { otelCallTracer } from './otel-call-tracer.ts';
import { LiveToolSpans } from './otel-spans.ts';
import { otelTurnTracer } from './otel-turn-tracer.ts';
import type { TurnTracer } from './turn-tracer.ts';

export interface OtelPipelineOptions {
  tracesUrl: string;
  headers: Record<string, string>;
  /** After each export: undefined when it went through, else why not (no header value in it). */
  onExport(error: string | undefined): void;
  /** How long spans wait to be batched (the SDK's default, 5 s, unless a test shortens it). */
  scheduledDelayMillis?: number;
}

export interface OtelPipeline {
  tracer: TurnTracer & CallTracer;
  /** Exports what is queued, then stops; spans ended later are dropped. */
  shutdown(): Promise<void>;
  forceFlush(): Promise<void>;
}

/** The OpenTelemetry JS SDK: a provider of its own (nothing global is registered), batched OTLP/HTTP JSON export. */
export function startOtelPipeline(options: OtelPipelineOptions): OtelPipeline {
  const exporter = reporting(new OTLPTraceExporter({ url: options.tracesUrl, headers: { ...options.headers } }), options.onExport);
  const provider = new TracerProvider({
    resource: defaultResource().merge(resourceFromAttributes({ 'service.name': 'switchboard' })),
    spanProcessors: [new BatchSpanProcessor({ exporter, scheduledDelayMillis: options.scheduledDelayMillis })],
  });
  const tracer = provider.getTracer('switchboard');
  const live = new LiveToolSpans();
  return {
    tracer: { ...otelTurnTracer(tracer, live), ...otelCallTracer(tracer, live) },
    shutdown: () => provider.shutdown(),
    forceFlush: () => provider.forceFlush(),
  };
}

function reporting(exporter: SpanExporter, onExport: (error: string | undefined) => void): SpanExporter {
  return {
    export: (spans, done) => {
      exporter.export(spans, (result) => {
        onExport(result.code === 0 ? undefined : redactUrlsIn(result.error?.message ?? 'the collector did not accept the spans'));
        done(result);
      });
    },
    shutdown: () => exporter.shutdown(),
    forceFlush: () => exporter.forceFlush?.() ?? Promise.resolve(),
  };
}
