import fc from 'fast-check';
import type { z } from 'zod';

/**
 * fast-check arbitraries derived from a contract's own zod schema. `plausible` values pass the
 * schema where a small candidate list can (so a request gets past its other fields); `malformed`
 * ones put one hostile field among plausible ones — wrong types, NUL, lone surrogates, integers
 * past every column, over-long strings, extra and missing keys, arrays where objects belong,
 * deep nesting — preferring hostile values the schema itself lets through, which are the ones
 * that reach the database.
 */

type Arb = fc.Arbitrary<unknown>;
interface Def {
  type: string;
  [k: string]: unknown;
}
const defOf = (s: unknown): Def => (s as { _zod: { def: Def } })._zod.def;
const isOptional = (s: unknown): boolean => (s as { _zod: { optin?: string } })._zod.optin === 'optional';

const MAX_DEPTH = 4;

export const HOSTILE_STRINGS = [
  'a\u0000b',
  '\u0000',
  '\ud800',
  'x\udc00y',
  '名称\ud83d',
  '',
  ' ',
  'x'.repeat(5000),
  '中'.repeat(1000),
  '2147483648',
  '-2147483649',
  '9223372036854775808',
  '1e400',
  '1.5',
  'NaN',
  'null',
  "'; drop table users;--",
  '%00',
  '{"a":1}',
  '[1,2]',
  '1,2,x',
  // Days and times the calendar does not have: a regex lets them through, PostgreSQL refuses them.
  '2026-02-30',
  '2026-02-29 10:00:00',
  '2026-13-01',
  '2026/04/31',
  '2026-01-01 24:00:00',
] as const;

export const HOSTILE_NUMBERS = [2147483648, -2147483649, 2147483647, 32768, 32767, -32769, 9007199254740991, 1e20, -1, 0, 1.5, 1e308] as const;

/** The values that, accepted by a contract, used to reach the database and fail there. */
const CRITICAL: unknown[] = [
  '2026-02-30',
  '2026-02-29 10:00:00',
  '2026-13-01',
  '2026/04/31',
  '2026-01-01 24:00:00',
  'a\u0000b',
  '\u0000',
  '\ud800',
  'x\udc00y',
  '名称\ud83d',
  2147483648,
  -2147483649,
  32768,
  -32769,
  9007199254740991,
  '2147483648',
  '32768',
  '-2147483649',
];

const HOSTILE_LEAVES: unknown[] = [...HOSTILE_STRINGS, ...HOSTILE_NUMBERS, ...HOSTILE_NUMBERS.map(String), true, null, [], {}, ['\u0000'], [2147483648]];

/** What a plausible leaf is picked from: the first that the field's own schema accepts. */
const CANDIDATES: unknown[] = [
  '测试',
  'abc',
  '1',
  '13800000001',
  '2024-01-01',
  '2024-01-01 08:00:00',
  '31',
  '3101',
  '310115',
  '#ff0000',
  'image',
  'customer',
  'product',
  1,
  2,
  3,
  0,
  10,
  100,
  true,
  false,
  '1,2',
  [1],
  [1, 2],
  ['测试'],
  [],
  null,
];

const hostileKey = fc.constantFrom('\u0000', 'a\u0000', '\ud800', '__proto__', 'constructor', 'x'.repeat(300), 'extra', '');

/** Any JSON value an attacker might send, including deep nesting. */
export const hostileValue: Arb = fc.letrec<{ v: unknown }>((tie) => ({
  v: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom<unknown>(...HOSTILE_STRINGS),
    fc.constantFrom<unknown>(...HOSTILE_NUMBERS),
    fc.constantFrom<unknown>(true, false, null),
    fc.array(tie('v'), { maxLength: 3 }),
    fc.dictionary(hostileKey, tie('v'), { maxKeys: 3 }),
    fc.constant(deep(300)),
    fc.constant(Array.from({ length: 2000 }, (_, i) => i)),
  ),
})).v;

function deep(n: number): unknown {
  let v: unknown = 'x\u0000';
  for (let i = 0; i < n; i++) v = i % 2 ? [v] : { a: v };
  return v;
}

const accepts = (schema: z.ZodType, v: unknown): boolean => {
  try {
    return schema.safeParse(v).success;
  } catch {
    return false;
  }
};

/** The node's own type once optional/default/pipe wrappers are peeled off. */
function coreType(schema: z.ZodType): string {
  let d = defOf(schema);
  for (let i = 0; i < 10; i++) {
    if (d.innerType) d = defOf(d.innerType);
    else if (d.type === 'pipe') d = defOf(defOf(d.in).type === 'transform' ? d.out : d.in);
    else break;
  }
  return d.type;
}
const STRUCTURED = new Set(['object', 'record', 'lazy', 'intersection', 'tuple', 'union']);

/** Values that pass the schema where a candidate does (best effort: structures are built field by field). */
export function plausible(schema: z.ZodType, depth = 0): Arb {
  if (!STRUCTURED.has(coreType(schema))) {
    const ok = CANDIDATES.filter((c) => accepts(schema, c));
    if (ok.length) return fc.constantFrom(...ok);
  }
  const d = defOf(schema);
  const inner = (k: string) => plausible(d[k] as z.ZodType, depth + 1);
  switch (d.type) {
    case 'literal':
      return fc.constantFrom(...(d.values as unknown[]));
    case 'enum':
      return fc.constantFrom(...Object.values(d.entries as Record<string, unknown>));
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return inner('innerType');
    case 'pipe':
      return defOf(d.in).type === 'transform' ? inner('out') : inner('in');
    case 'lazy':
      return depth > MAX_DEPTH ? fc.constant(null) : plausible((d.getter as () => z.ZodType)(), depth + 1);
    case 'object': {
      if (depth > MAX_DEPTH) return fc.constant({});
      const shape = d.shape as Record<string, z.ZodType>;
      const field = (v: z.ZodType) => (isOptional(v) ? fc.option(plausible(v, depth + 1), { nil: undefined, freq: 2 }) : plausible(v, depth + 1));
      return fc.record(Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, field(v)])));
    }
    case 'array':
      return depth > MAX_DEPTH ? fc.constant([]) : fc.array(inner('element'), { maxLength: 3 });
    case 'tuple':
      return fc.tuple(...(d.items as z.ZodType[]).map((i) => plausible(i, depth + 1)));
    case 'record':
      return depth > MAX_DEPTH
        ? fc.constant({})
        : fc.dictionary(fc.constantFrom('1', '2', 'a'), plausible(d.valueType as z.ZodType, depth + 1), { maxKeys: 3 });
    case 'union':
      return fc.oneof(...(d.options as z.ZodType[]).map((o) => plausible(o, depth + 1)));
    case 'intersection':
      return inner('left');
    default:
      return fc.constantFrom<unknown>('1', 1, null, {});
  }
}

/** A hostile value for one field: half the time one the field's schema lets through, if any. */
export function malformed(schema: z.ZodType, depth = 0): Arb {
  const d = defOf(schema);
  const sneaky = STRUCTURED.has(coreType(schema)) ? [] : HOSTILE_LEAVES.filter((v) => accepts(schema, v) && !(Array.isArray(v) && v.length === 0));
  let own: Arb;
  switch (coreType(schema)) {
    case 'object': {
      let node = d;
      while (node.type !== 'object') node = defOf(node.innerType ?? (defOf(node.in).type === 'transform' ? node.out : node.in));
      own = depth > MAX_DEPTH ? hostileValue : objectWithOneBadField(node.shape as Record<string, z.ZodType>, depth);
      break;
    }
    case 'array': {
      const el = arrayElement(schema);
      own = fc.oneof(
        fc.array(el && depth <= MAX_DEPTH ? malformed(el, depth + 1) : hostileValue, { minLength: 1, maxLength: 3 }),
        fc.constant(Array.from({ length: 1200 }, (_, i) => i + 1)),
        fc.constant({ 0: 1 }),
      );
      break;
    }
    case 'lazy':
      own = depth > MAX_DEPTH ? hostileValue : malformed((d.getter as () => z.ZodType)(), depth + 1);
      break;
    default:
      own = fc.constantFrom(...HOSTILE_LEAVES);
  }
  const mixed = fc.oneof({ arbitrary: own, weight: 4 }, { arbitrary: hostileValue, weight: 1 });
  const critical = sneaky.filter((v) => CRITICAL.includes(v));
  if (critical.length)
    return fc.oneof(
      { arbitrary: fc.constantFrom(...critical), weight: 2 },
      { arbitrary: fc.constantFrom(...sneaky), weight: 1 },
      { arbitrary: mixed, weight: 2 },
    );
  return sneaky.length ? fc.oneof(fc.constantFrom(...sneaky), mixed) : mixed;
}

function arrayElement(schema: z.ZodType): z.ZodType | null {
  let d = defOf(schema);
  for (let i = 0; i < 10 && d.type !== 'array'; i++) d = defOf(d.innerType ?? (defOf(d.in).type === 'transform' ? d.out : d.in));
  return d.type === 'array' ? (d.element as z.ZodType) : null;
}

/**
 * Every field plausible (optional ones often missing) except one, which is malformed: a single
 * bad field is what reaches the deepest code, since a request with several is refused at the first.
 */
function objectWithOneBadField(shape: Record<string, z.ZodType>, depth: number): Arb {
  const keys = Object.keys(shape);
  const fields = fc.record(
    Object.fromEntries(keys.map((k) => [k, fc.option(plausible(shape[k] as z.ZodType, depth + 1), { nil: undefined, freq: isOptional(shape[k]) ? 1 : 8 })])),
  );
  const bad: fc.Arbitrary<[string, unknown]> = keys.length
    ? fc.constantFrom(...keys).chain((k) => malformed(shape[k] as z.ZodType, depth + 1).map((v): [string, unknown] => [k, v]))
    : fc.tuple(hostileKey, hostileValue);
  const extra = fc.option(fc.dictionary(hostileKey, hostileValue, { maxKeys: 2 }), { nil: {}, freq: 3 });
  return fc.tuple(fields, bad, extra).map(([f, [k, v], e]) => ({ ...e, ...f, [k]: v }));
}

/** Malformed input for a whole query or body: mostly one bad field, sometimes hostile outright. */
export function malformedInput(schema: z.ZodType): Arb {
  return fc.oneof({ arbitrary: malformed(schema), weight: 5 }, { arbitrary: hostileValue, weight: 1 });
}

/** Percent-encodes like encodeURIComponent, but lets lone surrogates through as their (invalid) UTF-8 bytes. */
export function encodeLoose(s: string): string {
  let out = '';
  for (const ch of s) {
    const c = ch.codePointAt(0) ?? 0;
    if (c >= 0xd800 && c <= 0xdfff) out += `%${(0xe0 | (c >> 12)).toString(16)}%${(0x80 | ((c >> 6) & 0x3f)).toString(16)}%${(0x80 | (c & 0x3f)).toString(16)}`;
    else out += encodeURIComponent(ch);
  }
  return out;
}

const asText = (v: unknown): string => (typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v));

/** A query string from generated input: arrays repeat the key, objects go as JSON. */
export function queryString(input: unknown): string {
  if (input === undefined || input === null) return '';
  if (typeof input !== 'object' || Array.isArray(input)) return `v=${encodeLoose(asText(input))}`;
  const parts: string[] = [];
  for (const [k, v] of Object.entries(input as Record<string, unknown>)) {
    if (v === undefined) continue;
    const values = Array.isArray(v) ? v.slice(0, 50) : [v];
    for (const x of values) parts.push(`${encodeLoose(k)}=${encodeLoose(asText(x))}`);
  }
  return parts.join('&');
}
