/**
 * A small JSON Schema checker that interprets the schema instead of compiling it. The page's CSP forbids
 * eval, which Ajv needs, so the Run tool form falls back to this. It covers the keywords tool input schemas
 * use and reports errors in Ajv's shape so the form shows them the same way.
 */

export interface CheckError {
  instancePath: string;
  schemaPath: string;
  keyword: string;
  params: Record<string, unknown>;
  message: string;
}

type Schema = Record<string, unknown> | boolean;

const MAX_DEPTH = 64;

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function hasType(value: unknown, type: string): boolean {
  const actual = typeOf(value);
  return actual === type || (type === 'number' && actual === 'integer');
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((item, index) => deepEqual(item, other[index]));
  }
  const left = Object.keys(a);
  const right = Object.keys(b);
  return left.length === right.length && left.every((key) => Object.hasOwn(b, key) && deepEqual((a as never)[key], (b as never)[key]));
}

const escapePointer = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');
const unescapePointer = (segment: string) => decodeURIComponent(segment).replace(/~1/g, '/').replace(/~0/g, '~');

/** Local refs only (`#/...`, also behind a base such as RJSF's root-schema id); remote refs are not fetched. */
function resolveRef(ref: string, root: Schema): Schema | undefined {
  const hash = ref.indexOf('#');
  if (hash === -1) return undefined;
  const pointer = ref.slice(hash + 1);
  if (pointer === '') return root;
  if (!pointer.startsWith('/')) return undefined;
  let node: unknown = root;
  for (const segment of pointer.slice(1).split('/').map(unescapePointer)) {
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, segment)) return undefined;
    node = (node as Record<string, unknown>)[segment];
  }
  return typeof node === 'object' || typeof node === 'boolean' ? (node as Schema) : undefined;
}

function codePoints(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}

function num(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

export function checkSchema(schema: Schema, data: unknown, root: Schema = schema): CheckError[] {
  const errors: CheckError[] = [];
  visit(schema, data, root, '', '#', errors, 0);
  return errors;
}

export function isValidFor(schema: Schema, data: unknown, root: Schema = schema): boolean {
  return checkSchema(schema, data, root).length === 0;
}

function visit(schema: Schema, data: unknown, root: Schema, path: string, at: string, errors: CheckError[], depth: number): void {
  const fail = (keyword: string, message: string, params: Record<string, unknown> = {}, where = path) =>
    errors.push({ instancePath: where, schemaPath: `${at}/${keyword}`, keyword, params, message });

  if (schema === true) return;
  if (schema === false) {
    fail('false schema', 'boolean schema is false');
    return;
  }
  if (typeof schema !== 'object' || schema === null) return;
  if (depth > MAX_DEPTH) {
    fail('$ref', 'schema nests too deeply to check');
    return;
  }
  const s = schema as Record<string, unknown>;
  const sub = (child: unknown, value: unknown, childPath: string, childAt: string, into = errors) =>
    visit(child as Schema, value, root, childPath, childAt, into, depth + 1);
  const passes = (child: unknown, value: unknown) => {
    const scratch: CheckError[] = [];
    visit(child as Schema, value, root, path, at, scratch, depth + 1);
    return scratch.length === 0;
  };

  if (typeof s.$ref === 'string') {
    const target = resolveRef(s.$ref, root);
    if (target === undefined) fail('$ref', `can't resolve reference ${s.$ref}`, { ref: s.$ref });
    else sub(target, data, path, `${at}/$ref`);
  }

  if (s.type !== undefined) {
    const types = (Array.isArray(s.type) ? s.type : [s.type]).filter((type): type is string => typeof type === 'string');
    if (types.length > 0 && !types.some((type) => hasType(data, type))) fail('type', `must be ${types.join(',')}`, { type: types.join(',') });
  }
  if (Array.isArray(s.enum) && !s.enum.some((option) => deepEqual(option, data))) {
    fail('enum', 'must be equal to one of the allowed values', { allowedValues: s.enum });
  }
  if ('const' in s && !deepEqual(s.const, data)) fail('const', 'must be equal to constant', { allowedValue: s.const });

  if (typeof data === 'string') {
    const length = codePoints(data);
    const min = num(s.minLength);
    const max = num(s.maxLength);
    if (min !== undefined && length < min) fail('minLength', `must NOT have fewer than ${min} characters`, { limit: min });
    if (max !== undefined && length > max) fail('maxLength', `must NOT have more than ${max} characters`, { limit: max });
    if (typeof s.pattern === 'string') {
      let pattern: RegExp | undefined;
      try {
        pattern = new RegExp(s.pattern, 'u');
      } catch {
        pattern = undefined;
      }
      if (pattern && !pattern.test(data)) fail('pattern', `must match pattern "${s.pattern}"`, { pattern: s.pattern });
    }
  }

  if (typeof data === 'number') {
    const bound = (keyword: string, comparison: string, limit: number | undefined, ok: (limit: number) => boolean) => {
      if (limit !== undefined && !ok(limit)) fail(keyword, `must be ${comparison} ${limit}`, { comparison, limit });
    };
    // Draft 4 wrote exclusive bounds as booleans next to minimum/maximum.
    const exclusiveMin = s.exclusiveMinimum === true ? num(s.minimum) : num(s.exclusiveMinimum);
    const exclusiveMax = s.exclusiveMaximum === true ? num(s.maximum) : num(s.exclusiveMaximum);
    if (s.exclusiveMinimum !== true) bound('minimum', '>=', num(s.minimum), (limit) => data >= limit);
    if (s.exclusiveMaximum !== true) bound('maximum', '<=', num(s.maximum), (limit) => data <= limit);
    bound('exclusiveMinimum', '>', exclusiveMin, (limit) => data > limit);
    bound('exclusiveMaximum', '<', exclusiveMax, (limit) => data < limit);
    const multipleOf = num(s.multipleOf);
    if (multipleOf !== undefined && multipleOf > 0) {
      const quotient = data / multipleOf;
      if (Math.abs(quotient - Math.round(quotient)) > 1e-9) fail('multipleOf', `must be multiple of ${multipleOf}`, { multipleOf });
    }
  }

  if (Array.isArray(data)) {
    const min = num(s.minItems);
    const max = num(s.maxItems);
    if (min !== undefined && data.length < min) fail('minItems', `must NOT have fewer than ${min} items`, { limit: min });
    if (max !== undefined && data.length > max) fail('maxItems', `must NOT have more than ${max} items`, { limit: max });
    const tuple = Array.isArray(s.prefixItems) ? s.prefixItems : Array.isArray(s.items) ? s.items : undefined;
    const rest = Array.isArray(s.items) ? s.additionalItems : s.items;
    data.forEach((item, index) => {
      if (tuple && index < tuple.length) sub(tuple[index], item, `${path}/${index}`, `${at}/${Array.isArray(s.prefixItems) ? 'prefixItems' : 'items'}/${index}`);
      else if (rest !== undefined && !(tuple && Array.isArray(rest))) sub(rest, item, `${path}/${index}`, `${at}/items`);
    });
    if (s.uniqueItems === true) {
      for (let i = 1; i < data.length; i += 1) {
        const j = data.findIndex((other, index) => index < i && deepEqual(other, data[i]));
        if (j !== -1) {
          fail('uniqueItems', `must NOT have duplicate items (items ## ${j} and ${i} are identical)`, { i: j, j: i });
          break;
        }
      }
    }
  }

  if (typeof data === 'object' && data !== null && !Array.isArray(data)) {
    const record = data as Record<string, unknown>;
    const keys = Object.keys(record).filter((key) => record[key] !== undefined);
    if (Array.isArray(s.required)) {
      for (const name of s.required) {
        if (typeof name === 'string' && record[name] === undefined) fail('required', `must have required property '${name}'`, { missingProperty: name });
      }
    }
    const min = num(s.minProperties);
    const max = num(s.maxProperties);
    if (min !== undefined && keys.length < min) fail('minProperties', `must NOT have fewer than ${min} properties`, { limit: min });
    if (max !== undefined && keys.length > max) fail('maxProperties', `must NOT have more than ${max} properties`, { limit: max });
    const properties = typeof s.properties === 'object' && s.properties !== null ? (s.properties as Record<string, unknown>) : {};
    const patterns = Object.entries(typeof s.patternProperties === 'object' && s.patternProperties !== null ? s.patternProperties : {}).flatMap(
      ([source, child]) => {
        try {
          return [{ regex: new RegExp(source, 'u'), source, child }];
        } catch {
          return [];
        }
      },
    );
    for (const key of keys) {
      const keyPath = `${path}/${escapePointer(key)}`;
      let matched = false;
      if (Object.hasOwn(properties, key)) {
        matched = true;
        sub(properties[key], record[key], keyPath, `${at}/properties/${escapePointer(key)}`);
      }
      for (const pattern of patterns) {
        if (pattern.regex.test(key)) {
          matched = true;
          sub(pattern.child, record[key], keyPath, `${at}/patternProperties/${escapePointer(pattern.source)}`);
        }
      }
      if (!matched && s.additionalProperties !== undefined) {
        if (s.additionalProperties === false) {
          fail('additionalProperties', 'must NOT have additional properties', { additionalProperty: key });
        } else {
          sub(s.additionalProperties, record[key], keyPath, `${at}/additionalProperties`);
        }
      }
    }
    const dependentRequired = (s.dependentRequired ?? s.dependencies) as Record<string, unknown> | undefined;
    if (typeof dependentRequired === 'object' && dependentRequired !== null) {
      for (const [key, needs] of Object.entries(dependentRequired)) {
        if (record[key] === undefined) continue;
        if (Array.isArray(needs)) {
          const missing = needs.filter((name): name is string => typeof name === 'string' && record[name] === undefined);
          if (missing.length > 0) {
            fail('dependencies', `must have ${missing.length === 1 ? 'property' : 'properties'} ${missing.join(', ')} when property ${key} is present`, {
              property: key,
              missingProperty: missing[0],
              deps: missing.join(', '),
              depsCount: missing.length,
            });
          }
        } else if (typeof needs === 'object' || typeof needs === 'boolean') {
          sub(needs, data, path, `${at}/dependencies/${escapePointer(key)}`);
        }
      }
    }
  }

  if (Array.isArray(s.allOf)) s.allOf.forEach((child, index) => sub(child, data, path, `${at}/allOf/${index}`));
  if (Array.isArray(s.anyOf) && !s.anyOf.some((child) => passes(child, data))) fail('anyOf', 'must match a schema in anyOf');
  if (Array.isArray(s.oneOf)) {
    const passing = s.oneOf.flatMap((child, index) => (passes(child, data) ? [index] : []));
    if (passing.length !== 1) {
      fail('oneOf', 'must match exactly one schema in oneOf', { passingSchemas: passing.length > 1 ? passing : null });
    }
  }
  if (s.not !== undefined && passes(s.not, data)) fail('not', 'must NOT be valid');
  if (s.if !== undefined) {
    const branch = passes(s.if, data) ? 'then' : 'else';
    if (s[branch] !== undefined) sub(s[branch], data, path, `${at}/${branch}`);
  }
}
