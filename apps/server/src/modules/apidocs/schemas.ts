import * as shared from '@sk/shared';
import { z } from 'zod';

export type Json = Record<string, unknown>;

const COMPONENTS = '#/components/schemas/';

/** Exported zod schemas of packages/shared by object, for naming the ones that become components (`deptNode` → DeptNode). */
let exportedNames: Map<z.core.$ZodType, string> | null = null;
function exportName(s: z.core.$ZodType): string | undefined {
  if (!exportedNames) {
    exportedNames = new Map();
    for (const [name, value] of Object.entries(shared).sort(([a], [b]) => a.localeCompare(b))) {
      if (value instanceof z.core.$ZodType && !exportedNames.has(value)) exportedNames.set(value, name);
    }
  }
  const name = exportedNames.get(s)?.replace(/Schema$/, '');
  return name ? name[0]!.toUpperCase() + name.slice(1) : undefined;
}

const isSchema = (v: unknown): v is z.core.$ZodType => v instanceof z.core.$ZodType;

/** The schemas one schema is built from (object fields, array items, union options, a lazy's target …). */
function childrenOf(s: z.core.$ZodType): z.core.$ZodType[] {
  const def = s._zod.def as unknown as Record<string, unknown>;
  if (def.type === 'lazy') return [(s._zod as unknown as { innerType: z.core.$ZodType }).innerType];
  const out: z.core.$ZodType[] = [];
  const add = (v: unknown) => {
    if (isSchema(v)) out.push(v);
    else if (Array.isArray(v)) for (const x of v) if (isSchema(x)) out.push(x);
  };
  for (const [key, value] of Object.entries(def)) {
    if (key === 'checks') continue;
    if (key === 'shape' && value && typeof value === 'object') Object.values(value).forEach(add);
    else add(value);
  }
  return out;
}

/** The schemas a schema reaches again from inside itself (department trees, cascading options): they become components. */
function recursiveIn(root: z.core.$ZodType, found: Set<z.core.$ZodType>, done: Set<z.core.$ZodType>): void {
  const stack = new Set<z.core.$ZodType>();
  const visit = (s: z.core.$ZodType) => {
    if (stack.has(s)) {
      found.add(s);
      return;
    }
    if (done.has(s)) return;
    stack.add(s);
    for (const c of childrenOf(s)) visit(c);
    stack.delete(s);
    done.add(s);
  };
  visit(root);
}

/** Metadata as the global registry has it, plus the component name of each recursive schema (zod extracts schemas with an id). */
class NamedRegistry extends z.core.$ZodRegistry<Record<string, unknown>> {
  constructor(private readonly names: Map<z.core.$ZodType, string>) {
    super();
  }
  override get(s: z.core.$ZodType): Record<string, unknown> | undefined {
    const meta = z.globalRegistry.get(s) as Record<string, unknown> | undefined;
    const id = this.names.get(s);
    return id ? { ...meta, id } : meta;
  }
}

const walk = (node: unknown, f: (o: Json) => void): void => {
  if (Array.isArray(node)) for (const x of node) walk(x, f);
  else if (node && typeof node === 'object') {
    f(node as Json);
    for (const v of Object.values(node)) walk(v, f);
  }
};

/**
 * Converts the contracts' zod schemas to JSON Schema for one OpenAPI document. Recursive schemas become named
 * entries of `components/schemas` referenced as `#/components/schemas/Name` (zod alone would nest them under `$defs`
 * in each answer with a `#/$defs/…` ref that points at the document's root).
 */
export class SchemaConverter {
  readonly components: Record<string, Json> = {};
  private readonly names = new Map<z.core.$ZodType, string>();
  private readonly done = new Set<z.core.$ZodType>();
  private readonly registry = new NamedRegistry(this.names);
  private unnamed = 0;

  /**
   * JSON Schema of one zod schema. Field labels (`.meta({label})`) become titles and other metadata an `x-` extension
   * (`column` → `x-column`); what JSON Schema cannot say (transforms, custom checks) is described as "any".
   */
  convert(schema: z.ZodType, io: 'input' | 'output'): Json {
    this.nameRecursive(schema);
    let js: Json;
    try {
      js = z.toJSONSchema(schema, {
        io,
        target: 'draft-2020-12',
        unrepresentable: 'any',
        metadata: this.registry,
        override: (ctx) => {
          const s = ctx.jsonSchema as Json;
          if (typeof s.label === 'string') {
            s.title ??= s.label;
            delete s.label;
          }
          if ('column' in s) {
            s['x-column'] = s.column;
            delete s.column;
          }
        },
      }) as Json;
    } catch {
      return { description: '（无法生成该结构的描述）' };
    }
    delete js.$schema;
    const defs = (js.$defs ?? {}) as Record<string, Json>;
    delete js.$defs;
    return Object.keys(defs).length ? this.hoist(js, defs, io) : js;
  }

  /**
   * Moves the `$defs` of one converted schema into the components, rewriting `#/$defs/X` to `#/components/schemas/X`.
   * A name already taken by a different schema (the input form of a schema, say) takes a suffix: XInput, X2, …
   */
  private hoist(root: Json, defs: Record<string, Json>, io: 'input' | 'output'): Json {
    const fresh = new Map(Object.keys(defs).map((k) => [k, /^__schema\d+$/.test(k) ? `Recursive${++this.unnamed}` : k]));
    const suffixes = io === 'input' ? ['', 'Input'] : [''];
    for (let i = 2; suffixes.length < 20; i++) suffixes.push(String(i));
    for (const suffix of suffixes) {
      const name = (key: string) => `${fresh.get(key)}${suffix}`;
      const rewrite = (o: Json) => {
        const ref = o.$ref;
        if (typeof ref === 'string' && ref.startsWith('#/$defs/')) o.$ref = COMPONENTS + name(ref.slice('#/$defs/'.length));
      };
      const moved = structuredClone(defs);
      walk(moved, rewrite);
      const clash = Object.entries(moved).some(([k, d]) => {
        const existing = this.components[name(k)];
        return existing !== undefined && JSON.stringify(existing) !== JSON.stringify(d);
      });
      if (clash) continue;
      for (const [k, d] of Object.entries(moved)) this.components[name(k)] ??= d;
      walk(root, rewrite);
      return root;
    }
    throw new Error(`too many variants of ${Object.keys(defs).join(', ')}`);
  }

  /** Names each recursive schema before zod meets it: its export name in packages/shared, else RecursiveN. */
  private nameRecursive(schema: z.ZodType): void {
    const found = new Set<z.core.$ZodType>();
    recursiveIn(schema, found, this.done);
    for (const s of found) if (!this.names.has(s)) this.names.set(s, exportName(s) ?? `Recursive${++this.unnamed}`);
  }
}
