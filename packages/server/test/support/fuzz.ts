import fc from 'fast-check';

/**
 * Arbitraries for fuzzing the API from its own OpenAPI document: values shaped like what each schema
 * asks for, with hostile leaves (NUL, lone surrogates, huge strings, dates PostgreSQL or our calendar
 * maths cannot take, numbers past every column) and, now and then, anything at all.
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
  maxLength?: number;
};

export const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udc00y',
  '\u0007\u001b[31m',
  'line\nbreak',
  '\u0085',
  '😀'.repeat(30),
  'x'.repeat(10_000),
  '<script>alert(1)</script>',
  "' or 1=1 --",
  '%00',
  '../../etc/passwd',
  'null',
  '-1',
  '1e20',
  '2147483650',
];
export const HOSTILE_DATES = [
  '0000-01-01',
  '0001-01-01',
  '1899-12-31',
  '9999-12-31',
  '2999-12-31',
  '+010000-01-01',
  '2024-02-30',
  '2026-13-01',
  '1900-01-01',
  '2026-11-23',
];
export const HOSTILE_NUMBERS = [
  0,
  -0,
  -1,
  0.1,
  5,
  1440,
  1441,
  2_147_483_647,
  2_147_483_650,
  -2_147_483_650,
  1e20,
  -1e20,
  Number.MAX_SAFE_INTEGER,
  2 ** 53 + 2,
  1e308,
];
export const HOSTILE_IDS = [
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'not-a-uuid',
  '%00',
  'x'.repeat(300),
];

/** What PostgreSQL refuses in text: the likeliest 500s, so drawn most often. */
const BROKEN_TEXT = ['\u0000', 'a\u0000b', '\ud800', 'x\udc00y', 'end\ud83d'];
const hostileString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...BROKEN_TEXT) },
  { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
);
const hostileNumber = fc.oneof(
  fc.constantFrom(...HOSTILE_NUMBERS),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);
const anything = fc.jsonValue({ maxDepth: 3 });

const today = new Date().toISOString().slice(0, 10);
const plausibleDates = [today, '2026-11-30', '2027-01-04', '2026-11-16'];

/** Real ids of the fuzzed world by the name of the field or parameter that takes them. */
export type IdsByName = (name: string) => fc.Arbitrary<string>;

/** A value a real client could send for this field, so a hostile value elsewhere gets past validation. */
function plausible(schema: JsonSchema, ids: IdsByName, key: string): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  switch (schema.type) {
    case 'string':
      if (schema.format === 'uuid') return ids(key);
      if (schema.format === 'date') return fc.constantFrom(...plausibleDates);
      // A new address each time, so the team's one-address-per-person rule does not stop the write.
      if (schema.format === 'email') return fc.uuid().map((u) => `fuzz.${u.slice(0, 8)}@example.com`);
      if (key === 'hash') return ids('hash');
      if (/time/i.test(key)) return fc.constantFrom('09:00', '17:00', '22:00', '06:30:00');
      if (/name|role/i.test(key)) return fc.constantFrom('Ann', 'Barista');
      return fc.constantFrom('Bring keys', 'Stocktake', '5');
    case 'number':
      return /minutes/i.test(key) ? fc.constantFrom(0, 15, 30) : fc.constantFrom(0, 1, 5, 37.5, 0.25);
    case 'integer':
      return fc.constantFrom(0, 1, 2, 5);
    case 'boolean':
      return fc.boolean();
    default:
      return anything;
  }
}

/** A value meant to break something: NUL, broken Unicode, impossible dates, numbers past any column. */
function hostile(schema: JsonSchema): fc.Arbitrary<unknown> {
  switch (schema.type) {
    case 'string':
      if (schema.format === 'uuid') return fc.oneof(fc.uuid(), fc.constantFrom(...HOSTILE_IDS));
      if (schema.format === 'date') return fc.constantFrom(...HOSTILE_DATES);
      if (schema.format === 'email')
        return fc.oneof(fc.emailAddress(), fc.constantFrom('a\u0000@b.co', 'A@B.CO', 'x'.repeat(300)));
      return hostileString;
    case 'number':
    case 'integer':
      return hostileNumber;
    default:
      return fc.oneof(hostileString, hostileNumber);
  }
}

/**
 * A value for `schema` (the field `key`): mostly of the right shape with plausible values, each leaf
 * hostile now and then, so that one bad value at a time reaches the code behind validation; rarely
 * the wrong type or anything at all.
 */
export function valueFor(schema: JsonSchema, ids: IdsByName, key = '', depth = 0): fc.Arbitrary<unknown> {
  const alternatives = schema.anyOf ?? schema.oneOf;
  const shaped = ((): fc.Arbitrary<unknown> => {
    if (alternatives) return fc.oneof(...alternatives.map((s) => valueFor(s, ids, key, depth + 1)));
    switch (schema.type) {
      case 'array': {
        const item = valueFor(schema.items ?? {}, ids, key, depth + 1);
        return fc.oneof(
          { weight: 6, arbitrary: fc.array(item, { maxLength: 3 }) },
          { weight: 1, arbitrary: fc.array(item, { minLength: 20, maxLength: 30 }) },
        );
      }
      case 'object': {
        if (depth > 4) return fc.constant({});
        const model = Object.fromEntries(
          Object.entries(schema.properties ?? {}).map(([name, s]) => [
            name,
            valueFor(s, ids, name, depth + 1),
          ]),
        );
        // Usually every field (so validation passes further); sometimes some, or extra ones.
        return fc.oneof(
          { weight: 8, arbitrary: fc.record(model) },
          { weight: 1, arbitrary: fc.record(model, { requiredKeys: [] }) },
          {
            weight: 1,
            arbitrary: fc
              .tuple(fc.record(model), fc.dictionary(fc.string(), anything, { maxKeys: 2 }))
              .map(([all, extra]) => ({ ...extra, ...all })),
          },
        );
      }
      default:
        return fc.oneof(
          { weight: 4, arbitrary: plausible(schema, ids, key) },
          { weight: 1, arbitrary: hostile(schema) },
        );
    }
  })();
  const withNull = schema.nullable ? fc.oneof({ weight: 8, arbitrary: shaped }, fc.constant(null)) : shaped;
  return fc.oneof({ weight: 20, arbitrary: withNull }, { weight: 1, arbitrary: anything });
}

/** A path parameter: a real id of the world, a random id, or something hostile. */
export function pathValue(ids: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 8, arbitrary: ids },
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_IDS, ...HOSTILE_STRINGS.slice(0, 12)) },
  );
}

/** A query value as a browser would send it (always a string), or none. */
export function queryValue(
  schema: JsonSchema,
  ids: IdsByName,
  key: string,
): fc.Arbitrary<string | undefined> {
  return fc.oneof(
    {
      weight: 6,
      arbitrary: valueFor(schema, ids, key).map((v) => (typeof v === 'string' ? v : JSON.stringify(v))),
    },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}
