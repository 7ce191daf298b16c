import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as shared from '../index';
import type { EndpointDef } from './contract';
import { INT_RANGES, type IntColumn } from './ints';
import { FIELD_LABELS } from './labels';
import { layers } from './zod';

/** Every contract the package declares (objects of endpoints, as the server registers them). */
export function allContracts(): { name: string; ep: EndpointDef }[] {
  const out: { name: string; ep: EndpointDef }[] = [];
  for (const [group, v] of Object.entries(shared)) {
    if (!v || typeof v !== 'object') continue;
    for (const [key, ep] of Object.entries(v as Record<string, unknown>)) {
      if (ep && typeof ep === 'object' && 'method' in ep && 'path' in ep) out.push({ name: `${group}.${key}`, ep: ep as EndpointDef });
    }
  }
  return out;
}

type Def = Record<string, unknown> & { type: string };
const def = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;
/** The range a number schema's checks allow (min/max/positive/int). */
function bag(s: z.ZodType): { minimum?: number; maximum?: number; format?: string } {
  const out: { minimum?: number; maximum?: number; format?: string } = {};
  for (const c of (def(s).checks ?? []) as { _zod: { def: { check: string; value?: number; format?: string } } }[]) {
    const { check, value, format } = c._zod.def;
    if (check === 'number_format') out.format = format;
    if (check === 'greater_than' && value !== undefined) out.minimum = Math.max(out.minimum ?? -Infinity, value);
    if (check === 'less_than' && value !== undefined) out.maximum = Math.min(out.maximum ?? Infinity, value);
  }
  return out;
}
const meta = (s: z.ZodType) => z.globalRegistry.get(s) as { label?: string; column?: IntColumn } | undefined;

interface Visit {
  path: string;
  schema: z.ZodType;
  /** The layers of the field this node belongs to (for labels set on a wrapper). */
  field: z.ZodType[];
}

/** Every node of an input schema as a request can reach it (pipes through their input side). */
function walk(root: z.ZodType, path: string, visit: (v: Visit) => void, seen = new Set<z.ZodType>()): void {
  const ls = layers(root);
  for (const s of ls) {
    if (seen.has(s)) return;
    seen.add(s);
  }
  const core = ls[ls.length - 1] as z.ZodType;
  const d = def(core);
  visit({ path, schema: core, field: ls });
  const next = (s: unknown, p: string) => walk(s as z.ZodType, p, visit, seen);
  if (d.type === 'object') for (const [k, v] of Object.entries(d.shape as Record<string, z.ZodType>)) next(v, `${path}.${k}`);
  if (d.type === 'array') next(d.element, `${path}[]`);
  if (d.type === 'record') next(d.valueType, `${path}{}`);
  if (d.type === 'union') for (const o of d.options as z.ZodType[]) next(o, path);
  if (d.type === 'tuple') for (const [n, i] of (d.items as z.ZodType[]).entries()) next(i, `${path}[${n}]`);
  if (d.type === 'intersection') {
    next(d.left, path);
    next(d.right, path);
  }
}

function inputs(each: (contract: string, v: Visit) => void): void {
  for (const { name, ep } of allContracts()) {
    if (ep.query) walk(ep.query, `${name} query`, (v) => each(name, v));
    if (ep.body) walk(ep.body, `${name} body`, (v) => each(name, v));
  }
}

describe('contract inputs', () => {
  it('finds the contracts', () => {
    expect(allContracts().length).toBeGreaterThan(200);
  });

  it('bound every integer to its column and every number to a finite range', () => {
    const unbounded: string[] = [];
    inputs((_, { path, schema, field }) => {
      if (def(schema).type !== 'number') return;
      const b = bag(schema);
      const column = field.map(meta).find((m) => m?.column)?.column ?? meta(schema)?.column ?? 'integer';
      const safe = b.format === 'safeint';
      if (safe) {
        b.minimum ??= Number.MIN_SAFE_INTEGER;
        b.maximum ??= Number.MAX_SAFE_INTEGER;
      }
      const [lo, hi] = safe ? INT_RANGES[column] : [-1e15, 1e15];
      if (b.minimum === undefined || b.maximum === undefined || b.minimum < lo || b.maximum > hi)
        unbounded.push(`${path} [${b.minimum}, ${b.maximum}] (${column})`);
    });
    expect(unbounded).toEqual([]);
  });

  it('give every field a Chinese label', () => {
    // A union's options are visited under their field's path: one labelled visit labels the path.
    const fields = new Set<string>();
    const labelled = new Set<string>();
    inputs((_, { path, field }) => {
      const key = path.split(' ')[1]?.match(/\.([^.[\]{}]+)$/)?.[1];
      if (!key) return;
      fields.add(path);
      if (field.some((s) => meta(s)?.label) || FIELD_LABELS[key]) labelled.add(path);
    });
    expect([...fields].filter((p) => !labelled.has(p))).toEqual([]);
  });
});
