import { HostError } from '../../../shared/api/host-error.ts';
import { isLoopbackHost } from '../../../shared/consent/url-safety.ts';

const TRACES_PATH = '/v1/traces';
/** RFC 9110 `token`: the characters a header name may have. */
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const MAX_HEADERS = 20;

/**
 * The URL spans are posted to. The setting is a collector's OTLP/HTTP base (`http://localhost:4318`, or one with
 * a path prefix), to which `/v1/traces` is added as `OTEL_EXPORTER_OTLP_ENDPOINT` does, or a traces URL that
 * already ends in `/v1/traces`, used as it is. Plain http only to this computer: spans name the servers and
 * tools used, and the headers often carry a token.
 */
export function tracesUrlFor(endpoint: string): string {
  let url: URL;
  try {
    url = new URL(endpoint.trim());
  } catch {
    throw new HostError('invalid_params', `The OTLP endpoint is not a URL: give one like http://localhost:4318.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new HostError('invalid_params', `The OTLP endpoint must be an http or https address, not ${url.protocol}`);
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    throw new HostError(
      'invalid_params',
      `Plain http is allowed only to this computer (localhost, 127.0.0.1, [::1]): use https for ${url.host}, so spans and headers do not cross the network in clear.`,
    );
  }
  if (url.username !== '' || url.password !== '') {
    throw new HostError('invalid_params', 'The OTLP endpoint must not hold a user name or password: put a token in a header instead.');
  }
  if (url.hash !== '') throw new HostError('invalid_params', 'The OTLP endpoint must not have a #fragment.');
  if (!url.pathname.endsWith(TRACES_PATH)) url.pathname = `${url.pathname.replace(/\/+$/, '')}${TRACES_PATH}`;
  return url.href;
}

/** `Name: value` lines (blank lines skipped) → headers. Errors name the line, never its value. */
export function parseHeaderLines(text: string): Record<string, string> {
  const headers: Record<string, string> = {};
  const lines = text.split(/\r?\n/);
  for (const [index, raw] of lines.entries()) {
    const line = raw.trim();
    if (line === '') continue;
    const colon = line.indexOf(':');
    const name = colon > 0 ? line.slice(0, colon).trim() : '';
    const value = colon > 0 ? line.slice(colon + 1).trim() : '';
    if (!HEADER_NAME.test(name) || value === '' || /[\0-\x08\x0a-\x1f\x7f]/.test(value)) {
      throw new HostError('invalid_params', `Header line ${index + 1} is not "Name: value".`);
    }
    headers[name] = value;
  }
  if (Object.keys(headers).length > MAX_HEADERS) throw new HostError('invalid_params', `At most ${MAX_HEADERS} headers.`);
  return headers;
}
