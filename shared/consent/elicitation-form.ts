/**
 * Form-mode elicitation: the restricted `requestedSchema` subset (MCP 2026-07-28 and 2025-11-25, client/elicitation
 * § Requested Schema: a flat object of primitive properties), turned into fields a form can render, and the
 * person's input checked and coerced before it goes back to the server.
 */

export type StringFormat = 'email' | 'uri' | 'date' | 'date-time';

interface FieldBase {
  /** The property name the server asked for; the key in the answer's `content`. */
  name: string;
  /** The schema's `title`, else the property name. */
  label: string;
  description?: string;
  required: boolean;
}

export interface TextField extends FieldBase {
  kind: 'text';
  minLength?: number;
  maxLength?: number;
  format?: StringFormat;
  default?: string;
}

export interface NumberField extends FieldBase {
  kind: 'number';
  integer: boolean;
  minimum?: number;
  maximum?: number;
  default?: number;
}

export interface BooleanField extends FieldBase {
  kind: 'boolean';
  default?: boolean;
}

export interface FieldOption {
  value: string;
  label: string;
}

export interface SelectField extends FieldBase {
  kind: 'select';
  options: FieldOption[];
  default?: string;
}

export interface MultiSelectField extends FieldBase {
  kind: 'multiselect';
  options: FieldOption[];
  minItems?: number;
  maxItems?: number;
  default?: string[];
}

export type Field = TextField | NumberField | BooleanField | SelectField | MultiSelectField;

export type ElicitationValue = string | number | boolean | string[];
export type ElicitationContent = Record<string, ElicitationValue>;

/** The three answers of client/elicitation § Response Actions. */
export type ElicitationAccept = { action: 'accept'; content: ElicitationContent };
export type ElicitationDecline = { action: 'decline' };
export type ElicitationCancel = { action: 'cancel' };
export type ElicitationResult = ElicitationAccept | ElicitationDecline | ElicitationCancel;

export type ParsedRequestedSchema = { ok: true; fields: Field[] } | { ok: false; error: string };

export type ValidatedValues =
  | { ok: true; values: ElicitationContent }
  | { ok: false; errors: Record<string, string> };

/** A form is for a person to fill in: past these sizes a request is abuse or a mistake, not a form. */
export const MAX_FIELDS = 100;
export const MAX_OPTIONS = 500;

const TOP_LEVEL_KEYS = new Set(['type', 'properties', 'required', '$schema', '$id', '$comment', 'title', 'description', 'additionalProperties']);
const COMMON_KEYS = ['type', 'title', 'description', 'default', '$comment'];
type Shape = 'text' | 'number' | 'boolean' | 'enum' | 'oneOf' | 'multiselect';
const KEYS: Record<Shape, Set<string>> = {
  text: new Set([...COMMON_KEYS, 'minLength', 'maxLength', 'format']),
  number: new Set([...COMMON_KEYS, 'minimum', 'maximum']),
  boolean: new Set(COMMON_KEYS),
  enum: new Set([...COMMON_KEYS, 'enum', 'enumNames']),
  oneOf: new Set([...COMMON_KEYS, 'oneOf']),
  multiselect: new Set([...COMMON_KEYS, 'items', 'minItems', 'maxItems']),
};
const FORMATS: readonly StringFormat[] = ['email', 'uri', 'date', 'date-time'];

class SchemaError extends Error {}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function quote(name: string): string {
  return JSON.stringify(name);
}

/**
 * Reads a `requestedSchema`. Anything outside the subset the spec defines is an error rather than something
 * ignored: a constraint the form cannot show or enforce would be sent unchecked, and the spec lets a client
 * decline such a request.
 */
export function parseRequestedSchema(schema: unknown): ParsedRequestedSchema {
  try {
    return { ok: true, fields: readSchema(schema) };
  } catch (error) {
    if (error instanceof SchemaError) return { ok: false, error: error.message };
    throw error;
  }
}

function readSchema(schema: unknown): Field[] {
  if (!isRecord(schema)) throw new SchemaError('the requested schema must be a JSON object');
  if (schema.type !== 'object') throw new SchemaError('the requested schema must have "type": "object"');
  for (const key of Object.keys(schema)) {
    if (!TOP_LEVEL_KEYS.has(key)) throw new SchemaError(`the requested schema uses ${quote(key)}, which forms do not support`);
  }
  if (schema.additionalProperties !== undefined && typeof schema.additionalProperties !== 'boolean') {
    throw new SchemaError('"additionalProperties" may only be true or false in a form');
  }
  const properties = schema.properties ?? {};
  if (!isRecord(properties)) throw new SchemaError('"properties" must be an object');
  const names = Object.keys(properties);
  if (names.length > MAX_FIELDS) throw new SchemaError(`a form may have at most ${MAX_FIELDS} fields; this one has ${names.length}`);

  const required = new Set<string>();
  if (schema.required !== undefined) {
    if (!Array.isArray(schema.required) || !schema.required.every((name) => typeof name === 'string')) {
      throw new SchemaError('"required" must be a list of property names');
    }
    for (const name of schema.required as string[]) {
      if (!Object.hasOwn(properties, name)) throw new SchemaError(`"required" names ${quote(name)}, which is not one of the properties`);
      required.add(name);
    }
  }
  return names.map((name) => readField(name, properties[name], required.has(name)));
}

function readField(name: string, raw: unknown, required: boolean): Field {
  const fail = (problem: string): never => {
    throw new SchemaError(`property ${quote(name)}: ${problem}`);
  };
  if (!isRecord(raw)) return fail('must be an object');
  const { type } = raw;
  let shape: Shape;
  if (type === 'string') {
    if ('enum' in raw && 'oneOf' in raw) fail('has both "enum" and "oneOf"; use one');
    shape = 'enum' in raw ? 'enum' : 'oneOf' in raw ? 'oneOf' : 'text';
  } else if (type === 'number' || type === 'integer') shape = 'number';
  else if (type === 'boolean') shape = 'boolean';
  else if (type === 'array') shape = 'multiselect';
  else if (type === undefined) return fail('needs a "type"');
  else return fail(`type ${JSON.stringify(type)} is not allowed in a form (only string, number, integer, boolean, or an array of choices)`);

  for (const key of Object.keys(raw)) {
    if (!KEYS[shape].has(key)) fail(`${quote(key)} is not supported in a form`);
  }
  if (raw.title !== undefined && typeof raw.title !== 'string') fail('"title" must be text');
  if (raw.description !== undefined && typeof raw.description !== 'string') fail('"description" must be text');
  const title = typeof raw.title === 'string' ? raw.title.trim() : '';
  const base = {
    name,
    label: title !== '' ? title : name,
    ...(typeof raw.description === 'string' && raw.description.trim() !== '' ? { description: raw.description } : {}),
    required,
  };

  let field: Field;
  switch (shape) {
    case 'text': {
      const minLength = count(raw.minLength, '"minLength"', fail);
      const maxLength = count(raw.maxLength, '"maxLength"', fail);
      if (minLength !== undefined && maxLength !== undefined && minLength > maxLength) fail('"minLength" is more than "maxLength"');
      if (raw.format !== undefined && !FORMATS.includes(raw.format as StringFormat)) {
        fail(`format ${JSON.stringify(raw.format)} is not supported (only ${FORMATS.join(', ')})`);
      }
      field = { kind: 'text', ...base, ...defined({ minLength, maxLength, format: raw.format as StringFormat | undefined }) };
      break;
    }
    case 'number': {
      const minimum = finite(raw.minimum, '"minimum"', fail);
      const maximum = finite(raw.maximum, '"maximum"', fail);
      if (minimum !== undefined && maximum !== undefined && minimum > maximum) fail('"minimum" is more than "maximum"');
      field = { kind: 'number', ...base, integer: type === 'integer', ...defined({ minimum, maximum }) };
      break;
    }
    case 'boolean':
      field = { kind: 'boolean', ...base };
      break;
    case 'enum':
    case 'oneOf':
      field = { kind: 'select', ...base, options: shape === 'enum' ? enumOptions(raw, fail) : titledOptions(raw.oneOf, '"oneOf"', fail) };
      break;
    case 'multiselect': {
      const items = raw.items;
      if (!isRecord(items)) return fail('"items" must be an object with "enum" or "anyOf"');
      const itemKeys = Object.keys(items).filter((key) => key !== 'type');
      if (items.type !== undefined && items.type !== 'string') fail('"items.type" must be "string"');
      if (itemKeys.length !== 1 || (itemKeys[0] !== 'enum' && itemKeys[0] !== 'anyOf')) {
        fail('"items" must have exactly one of "enum" or "anyOf" (and optionally "type": "string")');
      }
      if ('enum' in items && items.type !== 'string') fail('"items" with "enum" needs "type": "string"');
      const options = 'enum' in items ? enumOptions({ enum: items.enum }, fail, '"items.enum"') : titledOptions(items.anyOf, '"items.anyOf"', fail);
      const minItems = count(raw.minItems, '"minItems"', fail);
      const maxItems = count(raw.maxItems, '"maxItems"', fail);
      if (minItems !== undefined && maxItems !== undefined && minItems > maxItems) fail('"minItems" is more than "maxItems"');
      if (minItems !== undefined && minItems > options.length) fail('"minItems" asks for more choices than there are options');
      field = { kind: 'multiselect', ...base, options, ...defined({ minItems, maxItems }) };
      break;
    }
    default:
      return fail('unsupported property');
  }

  if (raw.default !== undefined) {
    // A default only pre-fills the form, so "required" does not apply to it.
    const checked = checkValue({ ...field, required: false }, raw.default);
    if ('error' in checked) fail(`the default value is not valid: ${checked.error}`);
    if ('value' in checked) (field as { default?: ElicitationValue }).default = checked.value;
  }
  return field;
}

function defined<T extends Record<string, unknown>>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<T>;
}

function count(value: unknown, what: string, fail: (problem: string) => never): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) return fail(`${what} must be a whole number of 0 or more`);
  return value;
}

function finite(value: unknown, what: string, fail: (problem: string) => never): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value)) return fail(`${what} must be a number`);
  return value;
}

function enumOptions(raw: Record<string, unknown>, fail: (problem: string) => never, what = '"enum"'): FieldOption[] {
  const values = raw.enum;
  if (!Array.isArray(values) || values.length === 0 || !values.every((value) => typeof value === 'string')) {
    return fail(`${what} must be a non-empty list of strings`);
  }
  let labels: readonly string[] = values as string[];
  // `enumNames` is the 2025-06-18 way to title choices; 2025-11-25 keeps it as LegacyTitledEnumSchema.
  if (raw.enumNames !== undefined) {
    const names = raw.enumNames;
    if (!Array.isArray(names) || !names.every((name) => typeof name === 'string')) fail('"enumNames" must be a list of strings');
    if ((names as string[]).length !== values.length) fail('"enumNames" must have one name for each "enum" value');
    labels = names as string[];
  }
  return options((values as string[]).map((value, index) => ({ value, label: labels[index] })), what, fail);
}

function titledOptions(raw: unknown, what: string, fail: (problem: string) => never): FieldOption[] {
  if (!Array.isArray(raw) || raw.length === 0) return fail(`${what} must be a non-empty list of { "const", "title" } choices`);
  return options(
    raw.map((entry) => {
      if (!isRecord(entry) || typeof entry.const !== 'string' || typeof entry.title !== 'string') {
        return fail(`every choice in ${what} must be { "const": string, "title": string }`);
      }
      if (Object.keys(entry).some((key) => key !== 'const' && key !== 'title')) fail(`choices in ${what} may only have "const" and "title"`);
      return { value: entry.const, label: entry.title };
    }),
    what,
    fail,
  );
}

function options(list: FieldOption[], what: string, fail: (problem: string) => never): FieldOption[] {
  if (list.length > MAX_OPTIONS) fail(`${what} has ${list.length} choices; a form allows at most ${MAX_OPTIONS}`);
  const seen = new Set<string>();
  for (const option of list) {
    if (seen.has(option.value)) fail(`${what} lists ${quote(option.value)} twice`);
    seen.add(option.value);
  }
  return list;
}

/**
 * Checks what a person entered against the fields and returns the content to send: numbers and booleans
 * coerced from form text, empty optional fields left out, and nothing the schema did not ask for.
 */
export function validateElicitationValues(fields: readonly Field[], values: unknown): ValidatedValues {
  const input = values === undefined ? {} : values;
  if (!isRecord(input)) return { ok: false, errors: { '': 'The answer must be an object of field values' } };
  const out: [string, ElicitationValue][] = [];
  const errors: [string, string][] = [];
  for (const field of fields) {
    const raw = Object.hasOwn(input, field.name) ? input[field.name] : undefined;
    const checked = checkValue(field, raw);
    if ('error' in checked) errors.push([field.name, checked.error]);
    else if ('value' in checked) out.push([field.name, checked.value]);
    else if (field.required) errors.push([field.name, requiredMessage(field)]);
  }
  // fromEntries defines own properties, so a field called "__proto__" stays data and never a prototype.
  if (errors.length > 0) return { ok: false, errors: Object.fromEntries(errors) };
  return { ok: true, values: Object.fromEntries(out) };
}

type Checked = { value: ElicitationValue } | { error: string } | { empty: true };

function requiredMessage(field: Field): string {
  switch (field.kind) {
    case 'select':
      return 'Choose an option';
    case 'multiselect':
      return `Choose at least ${Math.max(1, field.minItems ?? 1)}`;
    case 'boolean':
      return 'Choose yes or no';
    default:
      return 'This field is required';
  }
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function checkValue(field: Field, raw: unknown): Checked {
  if (raw === undefined || raw === null) return { empty: true };
  switch (field.kind) {
    case 'text':
      return checkText(field, raw);
    case 'number':
      return checkNumber(field, raw);
    case 'boolean':
      if (typeof raw === 'boolean') return { value: raw };
      if (raw === 'true' || raw === 'false') return { value: raw === 'true' };
      return { error: 'Choose yes or no' };
    case 'select':
      if (raw === '') return { empty: true };
      if (typeof raw === 'string' && field.options.some((option) => option.value === raw)) return { value: raw };
      return { error: 'Choose one of the options' };
    case 'multiselect':
      return checkMulti(field, raw);
  }
}

function checkText(field: TextField, raw: unknown): Checked {
  if (typeof raw !== 'string') return { error: 'Enter text' };
  if (raw === '') return { empty: true };
  let value = raw;
  if (field.format !== undefined) {
    value = raw.trim();
    const formatted = checkFormat(field.format, value);
    if ('error' in formatted) return formatted;
    value = formatted.value;
  }
  // JSON Schema counts length in code points, not UTF-16 units.
  const length = [...value].length;
  if (field.minLength !== undefined && length < field.minLength) return { error: `At least ${plural(field.minLength, 'character')}` };
  if (field.maxLength !== undefined && length > field.maxLength) return { error: `At most ${plural(field.maxLength, 'character')}` };
  return { value };
}

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const URI = /^[A-Za-z][A-Za-z0-9+.-]*:[^\s]+$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?([Zz]|[+-]\d{2}:\d{2})?$/;

function isCalendarDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function checkFormat(format: StringFormat, value: string): { value: string } | { error: string } {
  switch (format) {
    case 'email':
      return EMAIL.test(value) ? { value } : { error: 'Enter a valid email address' };
    case 'uri':
      return URI.test(value) ? { value } : { error: 'Enter a full address, like https://example.com' };
    case 'date': {
      const match = DATE.exec(value);
      if (!match || !isCalendarDate(Number(match[1]), Number(match[2]), Number(match[3]))) return { error: 'Enter a date as YYYY-MM-DD' };
      return { value };
    }
    case 'date-time':
      return checkDateTime(value);
  }
}

/**
 * JSON Schema's date-time is RFC 3339 with an offset. A browser's datetime-local input gives no offset and
 * may leave out seconds; that is the person's local time, so it is converted rather than refused.
 */
function checkDateTime(value: string): { value: string } | { error: string } {
  const invalid = { error: 'Enter a date and time, like 2026-07-28T14:30:00Z' };
  const match = DATE_TIME.exec(value);
  if (!match) return invalid;
  const [, y, mo, d, h, mi, s = '00', fraction = '', offset] = match;
  const [year, month, day, hour, minute, second] = [y, mo, d, h, mi, s].map(Number);
  if (!isCalendarDate(year, month, day) || hour > 23 || minute > 59 || second > 60) return invalid;
  if (offset !== undefined) {
    if (offset !== 'Z' && offset !== 'z' && (Number(offset.slice(1, 3)) > 23 || Number(offset.slice(4, 6)) > 59)) return invalid;
    return { value: `${y}-${mo}-${d}T${h}:${mi}:${s}${fraction}${offset.toUpperCase()}` };
  }
  const local = new Date(year, month - 1, day, hour, minute, Math.min(second, 59), fraction ? Math.round(Number(fraction) * 1000) : 0);
  return Number.isNaN(local.getTime()) ? invalid : { value: local.toISOString() };
}

const NUMBER_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

function checkNumber(field: NumberField, raw: unknown): Checked {
  let value: number;
  if (typeof raw === 'number') value = raw;
  else if (typeof raw === 'string') {
    const text = raw.trim();
    if (text === '') return { empty: true };
    if (!NUMBER_TEXT.test(text)) return { error: field.integer ? 'Enter a whole number' : 'Enter a number' };
    value = Number(text);
  } else return { error: field.integer ? 'Enter a whole number' : 'Enter a number' };
  if (!Number.isFinite(value)) return { error: 'Enter a number' };
  if (field.integer && !Number.isInteger(value)) return { error: 'Enter a whole number' };
  if (field.minimum !== undefined && value < field.minimum) return { error: `At least ${field.minimum}` };
  if (field.maximum !== undefined && value > field.maximum) return { error: `At most ${field.maximum}` };
  return { value };
}

function checkMulti(field: MultiSelectField, raw: unknown): Checked {
  const list = typeof raw === 'string' ? [raw] : raw;
  if (!Array.isArray(list) || !list.every((item) => typeof item === 'string')) return { error: 'Choose from the options' };
  const chosen = new Set(list as string[]);
  if ([...chosen].some((value) => !field.options.some((option) => option.value === value))) return { error: 'Choose only from the options' };
  // In the order the server listed them, once each: what was chosen, not how the clicks went.
  const value = field.options.map((option) => option.value).filter((option) => chosen.has(option));
  const least = field.minItems ?? (field.required ? 1 : 0);
  if (value.length === 0) {
    if (least === 0) return { value };
    return field.required ? { error: `Choose at least ${least}` } : { empty: true };
  }
  if (value.length < least) return { error: `Choose at least ${least}` };
  if (field.maxItems !== undefined && value.length > field.maxItems) return { error: `Choose at most ${field.maxItems}` };
  return { value };
}

/**
 * Words that mean a form is asking for a secret. Servers MUST NOT request passwords, API keys, access tokens
 * or payment credentials through form mode (client/elicitation § User Interaction Model, § Form Mode
 * Security); when one does, the UI says so and offers to decline.
 */
const SECRET_WORDS: readonly { pattern: RegExp; what: string }[] = [
  { pattern: /\b(password|passwd|passphrase|passcode|pwd)s?\b/, what: 'a password' },
  { pattern: /\b(api ?key|apikey|access ?key|secret ?key|license ?key)s?\b/, what: 'an API key' },
  { pattern: /\btoken\b|\b(access|auth|bearer|refresh|session|api|oauth|bot|personal access|id) tokens\b/, what: 'a token' },
  { pattern: /\bsecrets?\b/, what: 'a secret' },
  { pattern: /\bcredentials?\b/, what: 'credentials' },
  { pattern: /\b(private|ssh|gpg|pgp|signing) keys?\b/, what: 'a private key' },
  { pattern: /\b(seed|recovery|mnemonic) (phrase|words?)\b|\bmnemonic\b/, what: 'a recovery phrase' },
  { pattern: /\b(credit|debit|payment|bank) cards?\b|\bcard (number|no)\b|\bcvv2?\b|\bcvc\b|\bsecurity code\b/, what: 'card details' },
  { pattern: /\biban\b|\brouting number\b|\b(bank )?account number\b|\bsort code\b/, what: 'bank details' },
  { pattern: /\bssn\b|\bsocial security\b/, what: 'a social security number' },
  { pattern: /\b(otp|totp|2fa|mfa)\b|\bone time (pass)?(code|password)\b|\b(verification|authenticator|auth) code\b/, what: 'a one-time code' },
  { pattern: /\bpin (code|number)\b/, what: 'a PIN' },
];

/** Splits `apiKey`, `API_KEY`, `api-key` and `APIKey` into plain lower-case words. */
function words(text: string): string {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/[_\-.:/]+/g, ' ')
    .toLowerCase()
    .replace(/\s+/g, ' ');
}

/** What sensitive things the request seems to ask for, for the warning's wording; empty when none. */
export function secretRequestReasons(fields: readonly Field[], message: string): string[] {
  const texts = [message, ...fields.flatMap((field) => [field.name, field.label, field.description ?? ''])];
  const found = new Set<string>();
  for (const text of texts) {
    const plain = words(text);
    for (const { pattern, what } of SECRET_WORDS) if (pattern.test(plain)) found.add(what);
    // Upper-case PIN only: "pin" in lower case is as often "pin this note".
    if (/\bPINs?\b/.test(text)) found.add('a PIN');
  }
  return SECRET_WORDS.map((entry) => entry.what).filter((what, index, all) => found.has(what) && all.indexOf(what) === index);
}

export function looksLikeSecretRequest(fields: readonly Field[], message: string): boolean {
  return secretRequestReasons(fields, message).length > 0;
}
