import type { RuleFieldCondition, RuleConditions } from './automation.schema';

/** What a rule's conditions look at. */
export interface OrderFacts {
  templateId: number;
  priority: number;
  serviceGroupId: number | null;
  tagIds: readonly number[];
  ext: Record<string, unknown>;
}

const text = (v: unknown): string => {
  if (v == null) return '';
  if (Array.isArray(v)) return v.map(text).join(',');
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
};

export function fieldMatches(c: RuleFieldCondition, ext: Record<string, unknown>): boolean {
  const v = text(ext[c.key]);
  switch (c.op) {
    case 'eq':
      return v === c.value;
    case 'ne':
      return v !== c.value;
    case 'contains':
      return v.includes(c.value);
    case 'empty':
      return v === '';
    case 'notEmpty':
      return v !== '';
  }
}

/** Every list given must match: a priority among them, any of the tags, a service group among them, every field condition. */
export function conditionsMatch(c: Partial<RuleConditions> | null | undefined, o: OrderFacts): boolean {
  if (!c) return true;
  if (c.priorities?.length && !c.priorities.includes(o.priority)) return false;
  if (c.tagIds?.length && !c.tagIds.some((t) => o.tagIds.includes(t))) return false;
  if (c.serviceGroupIds?.length && (o.serviceGroupId == null || !c.serviceGroupIds.includes(o.serviceGroupId))) return false;
  return (c.fields ?? []).every((f) => fieldMatches(f, o.ext));
}
