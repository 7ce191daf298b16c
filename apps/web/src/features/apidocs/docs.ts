import type { OpenApiDocument, OpenApiOperation } from '@sk/shared/apidocs/apidocs.contract';

export interface ApiEntry {
  method: string;
  path: string;
  op: OpenApiOperation;
}

/** The document's operations as one flat list, ordered by tag, path and method. */
export function entriesOf(doc: OpenApiDocument): ApiEntry[] {
  const out: ApiEntry[] = [];
  for (const [path, byMethod] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(byMethod)) out.push({ method: method.toUpperCase(), path, op });
  }
  const tag = (e: ApiEntry) => e.op.tags[0] ?? '';
  return out.sort((a, b) => tag(a).localeCompare(tag(b)) || a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}

/** Matches a keyword against path, operation id, power, tag and the schemas' field names and titles. */
export function matches(e: ApiEntry, keyword: string): boolean {
  const k = keyword.trim().toLowerCase();
  if (!k) return true;
  const hay = [
    e.method,
    e.path,
    e.op.operationId,
    e.op['x-power'] ?? '',
    ...e.op.tags,
    JSON.stringify(e.op.parameters ?? []),
    JSON.stringify(e.op.requestBody ?? {}),
  ];
  return hay.some((s) => s.toLowerCase().includes(k));
}

/** Tags with their operation counts, for the filter. */
export function tagCounts(entries: ApiEntry[]): { tag: string; count: number }[] {
  const m = new Map<string, number>();
  for (const e of entries) for (const t of e.op.tags) m.set(t, (m.get(t) ?? 0) + 1);
  return [...m].map(([tag, count]) => ({ tag, count })).sort((a, b) => a.tag.localeCompare(b.tag));
}
