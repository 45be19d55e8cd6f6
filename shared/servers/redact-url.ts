/**
 * What of an address may be shown or logged: scheme, host, port and path. Query strings and `user:password@`
 * often carry tokens (`?api_key=…`), so they are left out; `?…` says a query was there.
 */
export function redactUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return redactUnparsed(url);
  }
  if (parsed.origin === 'null') return redactUnparsed(url);
  return `${parsed.origin}${parsed.pathname}${parsed.search || parsed.hash ? '?…' : ''}`;
}

function redactUnparsed(url: string): string {
  const cut = url.search(/[?#]/);
  const base = cut === -1 ? url : url.slice(0, cut);
  return `${base.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/@]*@/i, '$1')}${cut === -1 ? '' : '?…'}`;
}

const URL_IN_TEXT = /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>`]+/gi;

/** Every address in a message or log line, redacted as `redactUrl` does; punctuation after one is kept. */
export function redactUrlsIn(text: string): string {
  return text.replace(URL_IN_TEXT, (match) => {
    const trailing = /[.,:;!)\]}]+$/.exec(match)?.[0] ?? '';
    const url = match.slice(0, match.length - trailing.length);
    return `${redactUrl(url)}${trailing}`;
  });
}
