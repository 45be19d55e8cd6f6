import type { Field, StringFormat, TextField } from '../../../../shared/consent/elicitation-form.ts';

/** What the form holds while the person types; `validateElicitationValues` turns it into the answer. */
export type FormValue = string | boolean | string[];
export type FormValues = Record<string, FormValue>;

/** The server's defaults, in the shape each input holds. */
export function initialValues(fields: readonly Field[]): FormValues {
  const entries = fields.map((field): [string, FormValue] => {
    switch (field.kind) {
      case 'text':
        return [field.name, field.default === undefined ? '' : field.format === 'date-time' ? toLocalDateTime(field.default) : field.default];
      case 'number':
        return [field.name, field.default === undefined ? '' : String(field.default)];
      case 'boolean':
        return [field.name, field.default ?? false];
      case 'select':
        return [field.name, field.default ?? ''];
      case 'multiselect':
        return [field.name, field.default ?? []];
    }
  });
  return Object.fromEntries(entries);
}

export type TextInputType = 'text' | 'email' | 'url' | 'date' | 'datetime-local';

export function inputType(field: TextField): TextInputType {
  switch (field.format) {
    case 'email':
      return 'email';
    case 'uri':
      return 'url';
    case 'date':
      return 'date';
    case 'date-time':
      return 'datetime-local';
    default:
      return 'text';
  }
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A datetime-local input holds local time without an offset; the validator converts it back to RFC 3339. */
export function toLocalDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const seconds = date.getSeconds() === 0 ? '' : `:${pad(date.getSeconds())}`;
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}${seconds}`;
}

function range(min: number | undefined, max: number | undefined, unit: (n: number) => string): string | undefined {
  if (min !== undefined && max !== undefined) return min === max ? `Exactly ${unit(min)}` : `${min} to ${unit(max)}`;
  if (min !== undefined) return `At least ${unit(min)}`;
  if (max !== undefined) return `At most ${unit(max)}`;
  return undefined;
}

const FORMAT_WORDS: Record<StringFormat, string> = {
  email: 'An email address',
  uri: 'A full address, like https://example.com',
  date: 'A date',
  'date-time': 'A date and time',
};

const characters = (n: number) => `${n} character${n === 1 ? '' : 's'}`;

/** The field's rules in words, shown before the person types rather than only as an error after. */
export function fieldRules(field: Field): string | undefined {
  switch (field.kind) {
    case 'text': {
      const format = field.format && FORMAT_WORDS[field.format];
      return [format, range(field.minLength, field.maxLength, characters)].filter(Boolean).join(' · ') || undefined;
    }
    case 'number': {
      const kind = field.integer ? 'A whole number' : 'A number';
      if (field.minimum !== undefined && field.maximum !== undefined) return `${kind} from ${field.minimum} to ${field.maximum}`;
      if (field.minimum !== undefined) return `${kind}, at least ${field.minimum}`;
      if (field.maximum !== undefined) return `${kind}, at most ${field.maximum}`;
      return kind;
    }
    case 'multiselect':
      return range(field.minItems, field.maxItems, (n) => `${n} choice${n === 1 ? '' : 's'}`);
    default:
      return undefined;
  }
}

/** "a password, an API key and a token". */
export function listInWords(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}
