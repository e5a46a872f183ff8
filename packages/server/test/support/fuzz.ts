import { addDays } from '@rotaboard/core/dates/week';
import fc from 'fast-check';

/**
 * Arbitraries for fuzzing the API from its own OpenAPI document: values shaped like what each schema
 * asks for, mostly plausible (so that one bad value at a time gets past validation to the code behind
 * it), with hostile leaves (NUL, lone surrogates, control characters, huge strings, dates PostgreSQL or
 * our calendar maths cannot take, numbers past every column, values just past each bound), wrong
 * types, missing and extra fields, deep nesting, big arrays, and now and then anything at all.
 */
export type JsonSchema = {
  type?: string;
  format?: string;
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  nullable?: boolean;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
};

/**
 * A value of the fuzzed world (a team, staff or shift id, a link token, an address, an edit hash),
 * looked up when the request is sent: the world is rebuilt when a request deletes part of it, and a
 * shrunk counterexample still names a live id. `pick` chooses among the candidates (0, where shrinking
 * goes, is the likeliest to reach deep code); `scope` 'foreign' takes it from another owner's team.
 */
export class WorldRef {
  constructor(
    readonly name: string,
    readonly pick: number,
    readonly scope: 'own' | 'foreign' = 'own',
    readonly upper = false,
  ) {}
}

/** Text sent exactly as written: JSON numbers JSON.stringify cannot write (-0, 1e400), raw URL parts. */
export class Raw {
  constructor(readonly text: string) {}
}

/** A body that is not a JSON value: malformed text, bytes, or the wrong content type. */
export class RawBody {
  constructor(
    readonly payload: string | Buffer,
    readonly contentType: string | null,
  ) {}
}

export const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udc00y',
  '\u0007\u001b[31m',
  '\u0008\u000b\u000c\u007f',
  'line\nbreak',
  'cr\r\nlf',
  '\t',
  '\u0085\u009f',
  '\u2028\u2029',
  '\u200b\u200d\ufeff',
  '\u202eevil',
  '\uffff\ufffe',
  '\u{10ffff}',
  'e\u0301\u0301\u0301',
  '😀'.repeat(30),
  'x'.repeat(10_000),
  '<script>alert(1)</script>',
  "' or 1=1 --",
  '%00',
  '%',
  '\\',
  '../../etc/passwd',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, sent literally
  '${7*7}{{7*7}}',
  'null',
  'undefined',
  '__proto__',
  '-1',
  '1e20',
  '2147483650',
];
export const HOSTILE_DATES = [
  '0000-01-01',
  '0000-02-29',
  '0001-01-01',
  '0099-12-31',
  '1899-12-31',
  '3000-01-01',
  '9999-12-31',
  '+010000-01-01',
  '-000001-01-01',
  '2024-02-30',
  '2023-02-29',
  '2026-13-01',
  '2026-00-10',
  '2026-11-31',
  '2026-1-1',
  ' 2026-11-23',
  '2026-11-23T00:00:00Z',
  '20261123',
  '2026-W48',
  '2026-11-23\u0000',
  '２０２６-１１-２３',
];
const HOSTILE_TIMES = [
  '24:00',
  '23:60',
  '23:59:60',
  '9:00',
  '09:00:00.5',
  '-01:00',
  '09h00',
  '0900',
  '２３:００',
];
export const HOSTILE_NUMBERS = [
  0,
  -0,
  -1,
  0.1,
  0.3,
  2.5,
  1441,
  2_147_483_647,
  2_147_483_648,
  2_147_483_650,
  -2_147_483_650,
  4_294_967_296,
  1e20,
  -1e20,
  Number.MAX_SAFE_INTEGER,
  2 ** 53 + 2,
  1e308,
  Number.MIN_VALUE,
  -Number.MAX_VALUE,
];
/** Numbers only JSON text can carry: JSON.parse makes them -0, Infinity, 0 or lose precision. */
const RAW_NUMBERS = ['-0', '1e400', '-1e400', '1e-400', '1E2', '1.0', '123456789012345678901234567890'];
export const HOSTILE_IDS = [
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '00000000-0000-4000-8000-000000000000',
  'not-a-uuid',
  '%00',
  'x'.repeat(300),
];
/** Path segments sent without encoding: bad escapes, an encoded slash, dot segments, overlong NUL. */
const RAW_SEGMENTS = ['%ff', '%zz', '%', '%2F', '%2e%2e', '..', '%c0%80', '%ed%a0%80', '%00', '%u0000'];

/** What PostgreSQL refuses in text: the likeliest 500s, so drawn most often. */
const BROKEN_TEXT = ['\u0000', 'a\u0000b', '\ud800', 'x\udc00y', 'end\ud83d', '\udfff\ud800'];

const anything = fc.jsonValue({ maxDepth: 3 });

/** 1000 levels of arrays, or of objects: deep enough to find a recursive walk, small enough to send. */
function nested(depth: number, object: boolean): unknown {
  let value: unknown = object ? {} : 0;
  for (let i = 0; i < depth; i++) value = object ? { a: value } : [value];
  return value;
}
const deep = fc.constantFrom(nested(1000, false), nested(1000, true), nested(20, false));

const today = new Date().toISOString().slice(0, 10);
const isoDate = (d: Date) => d.toISOString().slice(0, 10);
/** Real dates around now (where the world's shifts are), the calendar's edges, and any day between. */
const plausibleDate = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.constantFrom(...[0, 1, 2, 3, 4, 6, 7, 14, -1, -7, -60].map((d) => addDays(today, d))),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom('1900-01-01', '1900-01-07', '2000-02-29', '2999-12-25', '2999-12-31'),
  },
  {
    weight: 1,
    arbitrary: fc
      .date({
        min: new Date('1900-01-01T00:00:00Z'),
        max: new Date('2999-12-31T00:00:00Z'),
        noInvalidDate: true,
      })
      .map(isoDate),
  },
);
/** Days between two related dates (a range, a week, a copy): valid ones, and one past each rule. */
const DATE_GAPS = [0, 1, 6, 7, 8, 13, 14, 61, 62, -1, -7];

/** Pick a few elements, draw them from a list when there is one. */
const oneOfList = <T>(values: readonly T[]) => fc.constantFrom(...values);
const longest = (max: number | undefined, unit: string) =>
  max === undefined ? [] : [unit.repeat(Math.max(1, Math.floor(max / unit.length)))];

/** Valid values by field name, for the fields whose rules a random value would almost never meet. */
const NUMBERS_BY_KEY: Record<string, number[]> = {
  minutes: [0, 5, 15, 30, 60, 1435, 1440],
  breakMinutes: [0, 15, 30, 60, 475],
  timeOffDays: [0.25, 0.5, 0.75, 1],
  timeOffHours: [0.25, 1, 7.5, 24],
  hoursPerWeek: [0, 0.25, 37.5, 168],
  weekStartDay: [0, 1, 6],
  colour: [0, 3, 5],
  offset: [0, 1, 20, 1_000_000],
  limit: [1, 20, 100],
};
const TIMES = ['09:00', '17:00', '22:00', '06:30:00', '00:00', '23:59', '23:59:59', ' 08:00 ', '12:00'];

/** A value a real client could send for this field, edges included, so validation lets it through. */
function plausible(schema: JsonSchema, key: string): fc.Arbitrary<unknown> {
  if (schema.enum) return oneOfList(schema.enum);
  switch (schema.type) {
    case 'string': {
      if (schema.format === 'uuid') return worldRef(key);
      if (schema.format === 'date') return plausibleDate;
      if (/email/i.test(key) || schema.format === 'email') return plausibleEmail;
      if (key === 'token') return worldRef('token');
      if (key === 'hash') return worldRef('hash');
      if (/time$/i.test(key) || key === 't') return oneOfList(TIMES);
      if (key === 'breakMinutes') return oneOfList(['', '15', ' 30 ', '0']);
      const max = schema.maxLength;
      if (/name|role/i.test(key)) {
        return oneOfList([
          'Ann',
          "O'Brien",
          'Zoë',
          '李小龙',
          ' Padded ',
          ...longest(max, 'A'),
          ...longest(max, '😀'),
        ]);
      }
      return oneOfList([
        'Bring keys',
        'two\nlines',
        'tab\there',
        '5',
        ...longest(max, 'x'),
        ...longest(max, '😀'),
        ...longest(max, 'é'),
      ]);
    }
    case 'number':
    case 'integer': {
      const inRange = (n: number) =>
        (schema.minimum === undefined || n >= schema.minimum) &&
        (schema.maximum === undefined || n <= schema.maximum);
      const known = NUMBERS_BY_KEY[key]?.filter(inRange) ?? [];
      const edges = [schema.minimum, schema.maximum].filter((n): n is number => n !== undefined);
      const values = [...known, ...edges];
      return oneOfList(values.length ? values : [0, 1, 5]);
    }
    case 'boolean':
      return fc.boolean();
    default:
      return anything;
  }
}

/** A fresh address (so one-address-per-person rules do not stop the write), an address of the world, or an edge. */
const plausibleEmail: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.uuid().map((u) => `fuzz.${u.slice(0, 8)}@example.com`) },
  { weight: 3, arbitrary: worldRef('email') },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.test`,
      'MiXeD.Case@Example.COM',
      '  spaced@example.com  ',
      'tag+fuzz@example.com',
      'ünï@bücher.de',
      '"quoted local"@example.com',
      'x@localhost',
    ),
  },
);

/** A value meant to break something: for its type, then one just past each bound of its schema. */
function hostile(schema: JsonSchema, key: string): fc.Arbitrary<unknown> {
  switch (schema.type) {
    case 'string': {
      if (schema.format === 'uuid') {
        return fc.oneof(
          fc.uuid(),
          oneOfList(HOSTILE_IDS),
          worldRef(key, true),
          fc.uuid().map((u) => `{${u}}`),
          oneOfList(BROKEN_TEXT),
        );
      }
      if (schema.format === 'date') {
        return fc.oneof(
          { weight: 3, arbitrary: oneOfList(HOSTILE_DATES) },
          // Any date the pattern lets through, years 0000 to 9999 included.
          {
            weight: 2,
            arbitrary: matching(schema.pattern) ?? oneOfList(HOSTILE_DATES),
          },
          { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
        );
      }
      if (/time$/i.test(key) || key === 't') return fc.oneof(oneOfList(HOSTILE_TIMES), hostileText);
      if (schema.enum)
        return fc.oneof(
          fc.constantFrom(...schema.enum.map((v) => ` ${String(v).toUpperCase()}`)),
          hostileText,
        );
      const past =
        schema.maxLength === undefined
          ? []
          : ['a'.repeat(schema.maxLength + 1), '😀'.repeat(schema.maxLength)];
      const blank = schema.minLength ? [' '.repeat(schema.minLength + 2)] : [];
      if (/email/i.test(key)) {
        return fc.oneof(
          fc.emailAddress(),
          oneOfList([
            'a\u0000@b.co',
            'a@b\ud800.co',
            '@',
            'a@',
            `${'x'.repeat(250)}@b.co`,
            ...past,
            ...blank,
          ]),
          hostileText,
        );
      }
      return past.length || blank.length
        ? fc.oneof(hostileText, oneOfList([...past, ...blank]))
        : hostileText;
    }
    case 'number':
    case 'integer': {
      const { minimum: min, maximum: max } = schema;
      const outside = [
        ...(min === undefined ? [] : [min - 1, min - 0.25, min - Number.EPSILON]),
        ...(max === undefined ? [] : [max + 1, max + 0.25, max + 1e-9]),
        ...(schema.type === 'integer' ? [0.5, 1.000_000_1] : []),
      ];
      return fc.oneof(
        { weight: 3, arbitrary: oneOfList([...HOSTILE_NUMBERS, ...outside]) },
        { weight: 1, arbitrary: oneOfList(RAW_NUMBERS).map((text) => new Raw(text)) },
        { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
        { weight: 1, arbitrary: fc.integer() },
        { weight: 1, arbitrary: oneOfList(['5', '', 'NaN', 'Infinity', '0x10', ' 15 ']) },
      );
    }
    case 'boolean':
      return oneOfList(['true', 'false', 1, 0, 'yes', null]);
    default:
      return fc.oneof(hostileText, oneOfList(HOSTILE_NUMBERS));
  }
}

/** Strings a schema's pattern accepts, or undefined when fast-check cannot read the pattern. */
function matching(pattern: string | undefined): fc.Arbitrary<string> | undefined {
  if (!pattern) return undefined;
  try {
    return fc.stringMatching(new RegExp(pattern));
  } catch {
    return undefined;
  }
}

const hostileText = fc.oneof(
  { weight: 3, arbitrary: oneOfList(BROKEN_TEXT) },
  { weight: 3, arbitrary: oneOfList(HOSTILE_STRINGS) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
);

/** An id of the world by field name (staffId → a staff id; anything else → any id of the team). */
function worldRef(key: string, upper = false): fc.Arbitrary<WorldRef> {
  const name = key.replace(/s$/, '');
  return fc.oneof(
    { weight: 8, arbitrary: fc.nat(1000).map((pick) => new WorldRef(name, pick, 'own', upper)) },
    { weight: 1, arbitrary: fc.nat(1000).map((pick) => new WorldRef(name, pick, 'foreign', upper)) },
  );
}

/** Keys a body may carry beyond its schema: prototype pollution, fields the server must not take. */
const extraKeys = fc.dictionary(
  fc.oneof(
    fc.constantFrom(
      '__proto__',
      'constructor',
      'prototype',
      'isOwner',
      'ownerId',
      'teamId',
      'userId',
      'isAdmin',
      'id',
    ),
    fc.string({ maxLength: 8 }),
  ),
  fc.oneof(anything, fc.constant({ isAdmin: true, polluted: true })),
  { maxKeys: 3 },
);

/** How many items: mostly a few; the bounds of the schema and one past them; now and then 1000. */
function arrayOf(schema: JsonSchema, item: fc.Arbitrary<unknown>): fc.Arbitrary<unknown[]> {
  const exactly = (n: number) => fc.array(item, { minLength: n, maxLength: n });
  const sizes: { weight: number; arbitrary: fc.Arbitrary<unknown[]> }[] = [
    { weight: 6, arbitrary: fc.array(item, { minLength: 1, maxLength: 3 }) },
    { weight: 1, arbitrary: exactly(0) },
    { weight: 1, arbitrary: exactly(1000) },
  ];
  if (schema.maxItems !== undefined && schema.maxItems < 1000) {
    sizes.push(
      { weight: 1, arbitrary: exactly(schema.maxItems) },
      { weight: 1, arbitrary: exactly(schema.maxItems + 1) },
    );
  }
  return fc.oneof(...sizes);
}

/** Leaves of a value: mostly plausible, about one in twelve hostile; now and then a wrong type. */
export function valueFor(schema: JsonSchema, key = '', depth = 0): fc.Arbitrary<unknown> {
  const alternatives = schema.anyOf ?? schema.oneOf;
  const shaped = ((): fc.Arbitrary<unknown> => {
    if (alternatives) return fc.oneof(...alternatives.map((s) => valueFor(s, key, depth + 1)));
    switch (schema.type) {
      case 'array': {
        const item = valueFor(schema.items ?? {}, key, depth + 1);
        const lists = arrayOf(schema, item);
        // The whole staff list in some order: the one body `staff/order` accepts.
        return key === 'staffIds'
          ? fc.oneof(
              { weight: 3, arbitrary: fc.nat(1000).map((pick) => new WorldRef('staffIds', pick)) },
              lists,
            )
          : lists;
      }
      case 'object':
        return objectFor(schema, depth);
      default:
        return fc.oneof(
          { weight: 11, arbitrary: plausible(schema, key) },
          { weight: 1, arbitrary: hostile(schema, key) },
        );
    }
  })();
  const withNull = schema.nullable ? fc.oneof({ weight: 8, arbitrary: shaped }, fc.constant(null)) : shaped;
  return fc.oneof(
    { weight: 40, arbitrary: withNull },
    { weight: 1, arbitrary: anything },
    // Deep nesting where a whole body goes: the top of it.
    ...(depth === 0 ? [{ weight: 1, arbitrary: deep }] : []),
  );
}

function objectFor(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  if (depth > 6) return fc.constant({});
  const properties = Object.entries(schema.properties ?? {});
  const model = Object.fromEntries(properties.map(([name, s]) => [name, valueFor(s, name, depth + 1)]));
  const shapes: { weight: number; arbitrary: fc.Arbitrary<unknown> }[] = [
    // Usually every field (so validation passes further); sometimes a few, or extra ones.
    { weight: 12, arbitrary: fc.record(model) },
    { weight: 1, arbitrary: fc.record(model, { requiredKeys: [] }) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.record(model), extraKeys)
        // fromEntries defines `__proto__` as an own key, so JSON.stringify sends it.
        .map(([all, extra]) => Object.fromEntries([...Object.entries(extra), ...Object.entries(all)])),
    },
  ];
  // Two or more dates (a range, a week, a copy): related as a client would relate them, at each edge.
  const dates = properties.filter(([, s]) => s.format === 'date').map(([name]) => name);
  if (dates.length >= 2) {
    shapes.push({
      weight: 8,
      arbitrary: fc
        .tuple(fc.record(model), plausibleDate, fc.array(oneOfList(DATE_GAPS), { minLength: dates.length }))
        .map(([record, first, gaps]) => {
          const related: Record<string, unknown> = { ...record, [dates[0]!]: first };
          dates.slice(1).forEach((name, i) => {
            related[name] = addDays(first, gaps[i] ?? 0);
          });
          return related;
        }),
    });
  }
  return fc.oneof(...shapes);
}

/** Query values as a browser sends them: text, a repeated key, or none; sometimes raw extras. */
export function queryFor(
  parameters: { name: string; required?: boolean; schema: JsonSchema }[],
): fc.Arbitrary<{ values: Record<string, unknown>; suffix: string }> {
  const model = Object.fromEntries(
    parameters.map((p) => [
      p.name,
      fc.oneof(
        { weight: 10, arbitrary: valueFor(p.schema, p.name, 1) },
        { weight: p.required ? 1 : 4, arbitrary: fc.constant(undefined) },
        { weight: 1, arbitrary: fc.array(valueFor(p.schema, p.name, 1), { minLength: 2, maxLength: 3 }) },
      ),
    ]),
  );
  // Two dates again: a range the rules accept, and one just past them.
  const dates = parameters.filter((p) => p.schema.format === 'date').map((p) => p.name);
  const values =
    dates.length >= 2
      ? fc.oneof(
          fc.record(model),
          fc.tuple(fc.record(model), plausibleDate, oneOfList(DATE_GAPS)).map(([record, first, gap]) => ({
            ...record,
            [dates[0]!]: first,
            [dates[1]!]: addDays(first, gap),
          })),
        )
      : fc.record(model);
  const suffix = fc.oneof(
    { weight: 12, arbitrary: fc.constant('') },
    {
      weight: 1,
      arbitrary: oneOfList([
        '&%ff=%ff',
        '&x=%zz',
        '&d=%00',
        '&=',
        '&&&',
        '&a[b]=c',
        '&__proto__=x',
        '&constructor=x',
        ';x=1',
      ]),
    },
  );
  return fc.record({ values, suffix });
}

/** A path parameter: a real id of the world, a random id, something hostile, or a raw segment. */
export function pathValue(name: string): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 12, arbitrary: worldRef(name) },
    { weight: 1, arbitrary: worldRef(name, true) },
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 2, arbitrary: oneOfList([...HOSTILE_IDS, ...HOSTILE_STRINGS.slice(0, 20)]) },
    { weight: 1, arbitrary: oneOfList(RAW_SEGMENTS).map((text) => new Raw(text)) },
  );
}

const HUGE = `{"a":"${'x'.repeat(1024 * 1024)}"}`;
/** Bodies that are not a JSON value of the right kind, or not JSON at all. */
export const rawBody: fc.Arbitrary<RawBody> = fc.oneof(
  oneOfList([
    '',
    '{',
    '{"a":',
    '[1,2',
    'nul',
    '{"a":1,"a":2}',
    '\ufeff{}',
    '{"__proto__":{"isAdmin":true}}',
  ]).map((text) => new RawBody(text, 'application/json')),
  oneOfList(['{"constructor":{"prototype":{"isAdmin":true}}}', '1e400', '-0', '"\\ud800"', '"\\u0000"']).map(
    (text) => new RawBody(text, 'application/json'),
  ),
  fc.constant(
    new RawBody(
      Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
      'application/json',
    ),
  ),
  fc.constant(new RawBody(HUGE, 'application/json')),
  fc
    .constantFrom(
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/json; charset=utf-16le',
      'application/json; charset=latin1',
      'application/jsonx',
      '',
    )
    .map((type) => new RawBody('{}', type)),
  fc.constant(new RawBody('{}', null)),
);

export const FORGED_COOKIES = [
  'rotaboard_session=',
  `rotaboard_session=${'A'.repeat(43)}`,
  'rotaboard_session=%00',
  'rotaboard_session=%ff%fe',
  `rotaboard_session=${'x'.repeat(5000)}`,
  'rotaboard_session=a; rotaboard_session=b',
  'rotaboard_session="quoted"',
  'rotaboard_session=..%2F..%2F',
  '=;;=; ;',
];

/** Percent-encodes a path segment; a lone surrogate (which encodeURIComponent refuses) goes as its UTF-8 bytes. */
export function encodeSegment(value: string): string {
  return [...Buffer.from(value, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}

/** The world names a value uses (to load them, such as fresh edit hashes, before it is written). */
export function worldNames(value: unknown): Set<string> {
  const names = new Set<string>();
  const stack = [value];
  while (stack.length) {
    const v = stack.pop();
    if (v instanceof WorldRef) names.add(v.name);
    else if (v && typeof v === 'object' && !(v instanceof Raw)) stack.push(...Object.values(v));
  }
  return names;
}

/** JSON text of a value, with world references looked up and raw numbers written as they are. */
export function toJson(value: unknown, lookUp: (ref: WorldRef) => unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, v) => {
    if (v instanceof WorldRef) return lookUp(v);
    if (v instanceof Raw) return `\u0000fuzz-raw:${raws.push(v.text) - 1}\u0000`;
    return v;
  });
  return text.replace(/"\\u0000fuzz-raw:(\d+)\\u0000"/g, (_, i: string) => raws[Number(i)] ?? '');
}

/** A body or URL short enough to read in a report: runs of one character written as ‹c×n›. */
export function abbreviate(text: string, max = 3000): string {
  const short = text.replace(
    /(\\u[0-9a-fA-F]{4}|.)\1{29,}/gsu,
    (run, unit: string) => `‹${unit}×${run.length / unit.length}›`,
  );
  return short.length > max ? `${short.slice(0, max)}… (${short.length} characters in all)` : short;
}
