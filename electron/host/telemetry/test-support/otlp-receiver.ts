import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface OtlpAttribute {
  key: string;
  value: { stringValue?: string; intValue?: number | string; arrayValue?: { values: { stringValue?: string }[] } };
}

export interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: OtlpAttribute[];
  status?: { code?: number };
}

/** A local OTLP/HTTP receiver: keeps each `POST /v1/traces` JSON body and its headers. */
export async function startReceiver(): Promise<{ url: string; bodies: string[]; headers: IncomingHttpHeaders[]; spans(): OtlpSpan[]; close(): Promise<void> }> {
  const bodies: string[] = [];
  const headers: IncomingHttpHeaders[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method !== 'POST' || request.url !== '/v1/traces') {
        response.writeHead(404).end();
        return;
      }
      bodies.push(Buffer.concat(chunks).toString('utf8'));
      headers.push(request.headers);
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    bodies,
    headers,
    spans: () =>
      bodies.flatMap((body) => {
        const parsed = JSON.parse(body) as { resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[] };
        return parsed.resourceSpans.flatMap((resource) => resource.scopeSpans.flatMap((scope) => scope.spans));
      }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export function attribute(span: OtlpSpan, key: string): string | number | string[] | undefined {
  const value = span.attributes.find((candidate) => candidate.key === key)?.value;
  if (!value) return undefined;
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.intValue !== undefined) return Number(value.intValue);
  return value.arrayValue?.values.map((item) => item.stringValue ?? '');
}

export async function until<T>(what: string, read: () => T | undefined, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export function metaLines(file: string): { tool: string; traceparent?: string; tracestate?: string }[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as { tool: string; traceparent?: string });
}
