// The bad-input suite's generators (bad-input.e2e-spec.ts): for one route of its table
// (bad-input-routes.ts), requests that break its valid one in a single way each.
import fc from 'fast-check';
import type { FieldSpec, WriteRoute } from './bad-input-fields';

export interface BadRequest {
  kind: string;
  /** Replaces the valid path parameter. */
  param?: string;
  /** The raw body text (undefined: none). */
  payload?: string;
  /** undefined: application/json when there is a payload; null: no Content-Type header. */
  contentType?: string | null;
  status?: number;
  /** The field the 400 must name. */
  field?: string;
}

// ---- values that are never valid for a field -------------------------------------------------

const anyObject = fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 });
const anyArray = fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 });
const notString = (nullable: boolean) =>
  fc.oneof(
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.boolean(),
    anyArray,
    anyObject,
    ...(nullable ? [] : [fc.constant(null)]),
  );

/** Text too long when counted in code points, as the database counts: emoji, accents, flags, NUL bytes. */
function overlong(max: number) {
  const piece = fc.constantFrom('a', 'ñ', 'É', '😀', '❤️', '🇬🇹', 'e\u0301', '\u0000', '中', ' ');
  return fc.oneof(
    // Counted as at most `max` by UTF-16 tricks ('❤️' is two code points), more than `max` by the database.
    fc.integer({ min: Math.floor(max / 2) + 1, max }).map((count) => 'x' + '❤️'.repeat(count)),
    fc.array(piece, { minLength: max + 1, maxLength: max + 60 }).map((pieces) => pieces.join('')),
    fc.constant('Ω'.repeat(Math.min(max * 20, 20_000))),
  );
}

function wrongValue(spec: FieldSpec, valid: unknown): fc.Arbitrary<unknown> {
  const nullable = spec.nullable === true;
  switch (spec.type) {
    case 'text':
      return fc.oneof(notString(nullable), overlong(spec.max), ...(nullable || spec.blankOk ? [] : [fc.constantFrom('', '   ', '\n\t')]));
    case 'format': {
      const base = String(valid);
      // A control character anywhere breaks every format (e-mail, dates, times, URLs, user names).
      const broken = fc
        .tuple(fc.integer({ min: 0, max: base.length }), fc.constantFrom('\u0000', '\n', '\t', '\u0007'))
        .map(([at, char]) => base.slice(0, at) + char + base.slice(at));
      const long = spec.max === undefined ? [] : [fc.constant('x'.repeat(spec.max + 1) + base)];
      return fc.oneof(notString(nullable), broken, ...long);
    }
    case 'int':
      return fc.oneof(
        fc.integer({ min: spec.max + 1, max: Number.MAX_SAFE_INTEGER }),
        fc.integer({ min: Number.MIN_SAFE_INTEGER, max: spec.min - 1 }),
        fc.double({ min: spec.min, max: spec.max, noNaN: true }).filter((value) => !Number.isInteger(value)),
        fc.constantFrom(1e308, -1e308, 2 ** 31, 2 ** 53 + 2, '1', '0x10', true, null, [], {}),
        fc.string({ maxLength: 6 }),
      );
    case 'money':
      return fc.oneof(
        fc.integer({ min: spec.max + 1, max: Number.MAX_SAFE_INTEGER }),
        fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Math.ceil(spec.min) - 1 }),
        // A third decimal, never rounded away.
        fc
          .integer({ min: Math.round(spec.min * 1000), max: spec.max * 1000 })
          .filter((mills) => mills % 10 !== 0)
          .map((mills) => mills / 1000),
        fc.constantFrom(1e308, -1e308, 0.1 + 0.2, 2 ** 53 + 2, '1', '0x10', '10.50', true, null, [], {}),
        fc.string({ maxLength: 6 }),
      );
    case 'bool':
      return fc.oneof(fc.constantFrom('true', 'false', 0, 1, '', 'sí', null, [], {}), fc.integer(), fc.string({ maxLength: 5 }));
    case 'enum':
      return fc.oneof(
        notString(false),
        fc.string({ maxLength: 12 }).filter((value) => !spec.values.includes(value)),
        fc.constantFrom(...spec.values.map((value) => value.toUpperCase()), ...spec.values.map((value) => ` ${value}`)),
      );
    case 'object':
      return fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.boolean(), anyArray, fc.constant(null));
  }
}

/** Every field of a spec with its path (`awards.place`) and its valid value. */
export function leaves(fields: Record<string, FieldSpec>, body: Record<string, unknown>, prefix = ''): Array<[string, FieldSpec, unknown]> {
  return Object.entries(fields).flatMap(([name, spec]) => {
    const path = prefix + name;
    const own: Array<[string, FieldSpec, unknown]> = [[path, spec, body[name]]];
    return spec.type === 'object' ? [...own, ...leaves(spec.fields, body[name] as Record<string, unknown>, `${path}.`)] : own;
  });
}

export function setPath(body: Record<string, unknown>, path: string, value: unknown, remove = false): Record<string, unknown> {
  const copy = structuredClone(body);
  const keys = path.split('.');
  const last = keys.pop()!;
  const parent = keys.reduce((node, key) => node[key] as Record<string, unknown>, copy);
  if (remove) delete parent[last];
  else parent[last] = value;
  return copy;
}

// ---- bad requests for one route ----------------------------------------------------------------

const OTHER_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=frontera',
  'application/xml',
  'text/html',
  'application/jsonx',
  'application/json-patch+json',
  'text/json',
];

export function badRequests(
  method: string,
  route: WriteRoute,
  body: Record<string, unknown> | undefined,
  bodyLimit: number,
): fc.Arbitrary<BadRequest> {
  const valid = body === undefined ? '{}' : JSON.stringify(body);
  // A GET has no body to break: only its path parameter.
  const options: Array<fc.Arbitrary<BadRequest>> =
    method === 'GET'
      ? []
      : [
          fc
            .constantFrom(...OTHER_TYPES.filter((type) => !(route.multipart && type.startsWith('multipart/'))), null)
            .map((contentType) => ({
              kind: 'content type',
              payload: contentType?.startsWith('application/x-www') ? 'username=a&password=b' : valid,
              contentType,
              status: 415,
            })),
          fc
            .oneof(
              fc.string({ minLength: 1, maxLength: 40 }),
              fc.integer({ min: 1, max: Math.max(valid.length - 1, 1) }).map((cut) => valid.slice(0, cut)),
              fc.constantFrom('{"a":1,}', "{'a':1}", '{"a":undefined}', '{"a":NaN}', '\u0000{}', '{"a":"\u0000', '[1,2'),
            )
            .filter((payload) => {
              if (payload.trim() === '') return false;
              try {
                JSON.parse(payload);
                return false;
              } catch {
                return true;
              }
            })
            .map((payload) => ({ kind: 'malformed JSON', payload, status: 400 })),
          fc
            .oneof(fc.constant(null), fc.integer(), fc.string({ maxLength: 10 }), fc.boolean(), anyArray)
            .map((value) => ({ kind: 'JSON that is not an object', payload: JSON.stringify(value), status: 400 })),
          fc
            .constantFrom('{"__proto__":{"role":"admin"}}', '{"constructor":{"prototype":{"role":"admin"}}}')
            .map((payload) => ({ kind: 'prototype pollution', payload, status: 400 })),
          // Names every object inherits slip through class-validator's whitelist.
          fc
            .constantFrom(
              'toString',
              'valueOf',
              'hasOwnProperty',
              'isPrototypeOf',
              'toLocaleString',
              '__defineGetter__',
              'prototype',
              'constructor',
            )
            .map((name) => ({
              kind: 'inherited name',
              payload: JSON.stringify({ ...body, [name]: [1] }),
              status: 400,
              field: name,
            })),
          fc
            .integer({ min: bodyLimit + 1, max: bodyLimit * 2 })
            .map((size) => ({ kind: 'over the size limit', payload: JSON.stringify({ ...body, relleno: 'x'.repeat(size) }), status: 413 })),
        ];

  if (route.param) {
    const existing = route.existing!;
    options.push(
      fc
        .oneof(
          fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }),
          fc.integer({ min: -1_000_000_000, max: 0 }).map(String),
          fc.integer({ min: 1_000_000, max: 2_147_483_647 }).map(String),
          fc.constantFrom(
            '1e3',
            '0x10',
            '1.5',
            ' 1',
            '+1',
            '01',
            '١',
            '𝟏',
            '99999999999',
            '2147483648',
            "1' OR '1'='1",
            '1;DROP TABLE x',
            '%00',
          ),
        )
        .filter((param) => !existing.test(param))
        .map((param) => ({ kind: 'path parameter', param: encodeURIComponent(param), payload: body === undefined ? undefined : valid })),
    );
  }

  if (body && route.fields) {
    const fields = leaves(route.fields, body);
    // Broken fields are most of the runs: there are many of them per route.
    const wrongField = fc.constantFrom(...fields).chain(([path, spec, value]) =>
      wrongValue(spec, value).map((wrong) => ({
        kind: `wrong ${path}`,
        payload: JSON.stringify(setPath(body, path, wrong)),
        status: 400,
        field: path,
      })),
    );
    options.push(wrongField, wrongField, wrongField);
    const required = fields.filter(([, spec]) => spec.required);
    if (required.length > 0) {
      options.push(
        fc.constantFrom(...required).map(([path]) => ({
          kind: `missing ${path}`,
          payload: JSON.stringify(setPath(body, path, undefined, true)),
          status: 400,
          field: path,
        })),
      );
    }
    const objects = ['', ...fields.filter(([, spec]) => spec.type === 'object').map(([path]) => `${path}.`)];
    options.push(
      fc
        .tuple(fc.constantFrom(...objects), fc.string({ minLength: 1, maxLength: 12 }), fc.jsonValue({ maxDepth: 1 }))
        .filter(([prefix, name]) => !fields.some(([path]) => path === prefix + name) && name !== '__proto__' && !name.includes('.'))
        .map(([prefix, name, value]) => ({
          kind: 'unknown field',
          payload: JSON.stringify(setPath(body, prefix + name, value)),
          status: 400,
          field: prefix + name,
        })),
    );
  }
  return fc.oneof(...options);
}
