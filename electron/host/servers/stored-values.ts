import { HostError } from '../../../shared/api/host-error.ts';
import { findStoredValues, isStoredValue, SECRET_FIELDS } from '../../../shared/servers/stored-values.ts';

type Path = (string | number)[];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function pathText(name: string, path: Path): string {
  return ['mcpServers', name, ...path.map(String)].join('.');
}

function isSecretPosition(path: Path): boolean {
  return (SECRET_FIELDS as readonly (string | number)[]).includes(path[0]) && path.length <= 2;
}

/**
 * The entry to write for `servers.add` (`stored` undefined) or `servers.update` (`stored` is the entry as it is
 * in mcp.json now). Each `STORED_VALUE` in `env`/`headers` becomes the value stored for the same key; every
 * other value is taken as sent, and a key left out is removed. A marker with nothing to stand for is refused,
 * so it is never written to mcp.json or handed to a server.
 */
export function keepStoredValues(name: string, incoming: unknown, stored: unknown): unknown {
  if (!isRecord(incoming)) return incoming;
  const stray = findStoredValues(incoming).find((path) => !isSecretPosition(path));
  if (stray) {
    throw new HostError('invalid_params', `${pathText(name, stray)}: only env and headers values can be kept as stored; enter the value`);
  }
  const previous = isRecord(stored) ? stored : undefined;
  const missing = (path: Path): HostError =>
    new HostError(
      'invalid_params',
      previous === undefined
        ? `${pathText(name, path)}: a new server has no stored value to keep; enter the value`
        : `${pathText(name, path)}: no value is stored for ${String(path.at(-1))}; enter the value`,
    );
  const result: Record<string, unknown> = { ...incoming };
  for (const field of SECRET_FIELDS) {
    if (!Object.hasOwn(result, field)) continue;
    const value = result[field];
    const before = previous && Object.hasOwn(previous, field) ? previous[field] : undefined;
    if (isStoredValue(value)) {
      if (before === undefined) throw missing([field]);
      result[field] = before;
    } else if (isRecord(value)) {
      result[field] = Object.fromEntries(
        Object.entries(value).map(([key, item]) => {
          if (!isStoredValue(item)) return [key, item];
          if (!isRecord(before) || !Object.hasOwn(before, key)) throw missing([field, key]);
          return [key, before[key]];
        }),
      );
    }
  }
  return result;
}
