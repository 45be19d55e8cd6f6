import { isStoredValue, STORED_VALUE, WRITTEN_VALUE } from '../../../../../shared/servers/stored-values.ts';

export interface KeyValueRow {
  key: string;
  /** Only what the person typed: a value the host stores is never sent here (see `stored`). */
  value: string;
  /**
   * The host holds a value for this key that the renderer never sees. `kept` sends the marker back so the host
   * keeps it; `replacing` sends `value` instead. The key of such a row stays as it is: the value belongs to it.
   */
  stored?: 'kept' | 'replacing';
  /**
   * Where the host's value is: `secret-store` (typed in the app; mcp.json holds a reference) or `mcp.json`
   * (written there by hand, as plain text). A value typed in the form always goes to the secret store.
   */
  storedIn?: 'secret-store' | 'mcp.json';
}

export type ServerKind = 'stdio' | 'remote';

/** What the add/edit form holds: plain strings and rows, so nothing typed is lost while it is being edited. */
export interface ServerFormValues {
  name: string;
  kind: ServerKind;
  command: string;
  /** One argument per line. */
  args: string;
  env: KeyValueRow[];
  cwd: string;
  url: string;
  remoteType: 'http' | 'sse';
  headers: KeyValueRow[];
  /** Seconds without an answer or progress before a tool call times out; blank for the default (60). */
  callTimeout: string;
  /** Seconds a tool call may run in all, however much progress it reports; blank for the default (600). */
  maxCallTime: string;
}

export type ServerFormField = keyof ServerFormValues;

export function emptyServerForm(): ServerFormValues {
  return { name: '', kind: 'stdio', command: '', args: '', env: [], cwd: '', url: '', remoteType: 'http', headers: [], callTimeout: '', maxCallTime: '' };
}

/** Keys the form edits; everything else in an entry (from another host, or `disabled`) is kept as it was. */
const ownedKeys = new Set(['type', 'command', 'args', 'env', 'cwd', 'url', 'serverUrl', 'headers', 'timeout']);

function rowsOf(value: unknown): KeyValueRow[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [];
  return Object.entries(value).map(([key, entry]) =>
    isStoredValue(entry)
      ? { key, value: '', stored: 'kept', storedIn: entry === WRITTEN_VALUE ? 'mcp.json' : 'secret-store' }
      : { key, value: typeof entry === 'string' ? entry : JSON.stringify(entry) },
  );
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function secondsText(value: unknown): string {
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : '';
}

/** `timeout` as written: `{call, max}` in seconds, or a plain number in milliseconds as other hosts write it. */
function timeoutFields(value: unknown): Pick<ServerFormValues, 'callTimeout' | 'maxCallTime'> {
  if (typeof value === 'number') return { callTimeout: secondsText(value / 1000), maxCallTime: '' };
  if (typeof value !== 'object' || value === null) return { callTimeout: '', maxCallTime: '' };
  const { call, max } = value as Record<string, unknown>;
  return { callTimeout: secondsText(call), maxCallTime: secondsText(max) };
}

/** Fills the form from an entry as written in mcp.json (which may be invalid: show what is there). */
export function formFromEntry(name: string, entry: unknown): ServerFormValues {
  const blank = { ...emptyServerForm(), name };
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return blank;
  const record = entry as Record<string, unknown>;
  const form = { ...blank, ...timeoutFields(record.timeout) };
  if ('command' in record || !('url' in record || 'serverUrl' in record)) {
    return {
      ...form,
      kind: 'stdio',
      command: text(record.command),
      args: Array.isArray(record.args) ? record.args.map((arg) => (typeof arg === 'string' ? arg : JSON.stringify(arg))).join('\n') : '',
      env: rowsOf(record.env),
      cwd: text(record.cwd),
    };
  }
  return {
    ...form,
    kind: 'remote',
    url: text(record.url ?? record.serverUrl),
    remoteType: record.type === 'sse' ? 'sse' : 'http',
    headers: rowsOf(record.headers),
  };
}

export function argsFromText(value: string): string[] {
  return value
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

function recordOf(rows: readonly KeyValueRow[]): Record<string, string> | undefined {
  const filled = rows.filter((row) => row.key.trim() !== '' || row.value !== '' || row.stored);
  if (filled.length === 0) return undefined;
  return Object.fromEntries(filled.map((row) => [row.key.trim(), row.stored === 'kept' ? STORED_VALUE : row.value]));
}

/** Problems only the form can see (the host never sees a blank row); the host validates everything else. */
export function checkForm(values: ServerFormValues): Partial<Record<ServerFormField, string>> {
  const problems: Partial<Record<ServerFormField, string>> = {};
  const check = (field: 'env' | 'headers', label: string) => {
    const seen = new Set<string>();
    values[field].forEach((row, index) => {
      const key = row.key.trim();
      if (key === '' && row.value !== '') problems[field] ??= `${label} on row ${index + 1} has a value but no name`;
      else if (key !== '' && seen.has(key)) problems[field] ??= `${label} "${key}" is set twice`;
      else if (row.stored === 'replacing' && row.value === '') problems[field] ??= `Enter the new value of ${key}, or keep the stored one`;
      seen.add(key);
    });
  };
  if (values.kind === 'stdio') check('env', 'Environment variable');
  else check('headers', 'Header');
  for (const field of ['callTimeout', 'maxCallTime'] as const) {
    const value = values[field].trim();
    if (value !== '' && !(Number(value) > 0)) problems[field] = 'Enter a number of seconds above 0, or leave it blank for the default';
  }
  return problems;
}

/** The entry to send to `servers.add` / `servers.update`. */
export function entryFromForm(values: ServerFormValues, original?: unknown): Record<string, unknown> {
  const kept =
    typeof original === 'object' && original !== null && !Array.isArray(original)
      ? Object.fromEntries(Object.entries(original).filter(([key]) => !ownedKeys.has(key)))
      : {};
  const call = values.callTimeout.trim();
  const max = values.maxCallTime.trim();
  const timeout =
    call === '' && max === '' ? {} : { timeout: { ...(call !== '' ? { call: Number(call) } : {}), ...(max !== '' ? { max: Number(max) } : {}) } };
  if (values.kind === 'stdio') {
    const args = argsFromText(values.args);
    const env = recordOf(values.env);
    return {
      command: values.command.trim(),
      ...(args.length > 0 ? { args } : {}),
      ...(env ? { env } : {}),
      ...(values.cwd.trim() !== '' ? { cwd: values.cwd.trim() } : {}),
      ...timeout,
      ...kept,
    };
  }
  const headers = recordOf(values.headers);
  return {
    ...(values.remoteType === 'sse' ? { type: 'sse' } : {}),
    url: values.url.trim(),
    ...(headers ? { headers } : {}),
    ...timeout,
    ...kept,
  };
}

const fieldByKey: Record<string, ServerFormField> = {
  command: 'command',
  args: 'args',
  env: 'env',
  cwd: 'cwd',
  url: 'url',
  serverUrl: 'url',
  headers: 'headers',
  type: 'url',
  timeout: 'callTimeout',
};

/**
 * Which field a host validation message is about, so the form can point at it. Messages look like
 * `mcpServers.<name>.url: ...` (entry checks) or `servers.add: name: ...` (params checks).
 */
export function fieldOfHostMessage(message: string, name: string): ServerFormField | undefined {
  const prefix = `mcpServers.${name}.`;
  const at = message.indexOf(prefix);
  if (at !== -1) {
    const key = message.slice(at + prefix.length).split(/[.:\s]/, 1)[0];
    return fieldByKey[key];
  }
  if (/(^|[\s:])(name|rename):/.test(message) || message.startsWith(`mcpServers["`)) return 'name';
  if (/\bhas both "command" and "url"|needs "command"/.test(message)) return message.includes('command') ? 'command' : 'url';
  return undefined;
}
