import type { SlaPolicy, SlaPolicyInput } from '@sk/shared';
import type { Executor } from '../../db/client';
import { AppError } from '../../platform/errors';
import { checkPolicyRefs, customerLevelTags, deletePolicyRow, insertPolicy, nameTaken, policyRow, policyRows, updatePolicyRow } from './policies.repo';

/** Policies in matching order: the first enabled one that matches an order applies. */
export async function listPolicies(ex: Executor, enterpriseId: number, timeZone = 'Asia/Shanghai'): Promise<SlaPolicy[]> {
  return policyRows(ex, enterpriseId, timeZone);
}

export async function getPolicy(ex: Executor, enterpriseId: number, id: number, timeZone: string): Promise<SlaPolicy> {
  const r = await policyRow(ex, enterpriseId, id, timeZone);
  if (!r) throw new AppError('NOT_FOUND');
  return r;
}

/** Call inside a transaction: the references are checked before the write. */
export async function createPolicy(ex: Executor, enterpriseId: number, p: SlaPolicyInput): Promise<number> {
  if (await nameTaken(ex, enterpriseId, p.name, null)) throw new AppError('NAME_TAKEN');
  await checkPolicyRefs(ex, enterpriseId, p);
  const id = await insertPolicy(ex, enterpriseId, p);
  if (id == null) throw new AppError('NAME_TAKEN');
  return id;
}

export async function updatePolicy(ex: Executor, enterpriseId: number, id: number, p: SlaPolicyInput): Promise<void> {
  if (await nameTaken(ex, enterpriseId, p.name, id)) throw new AppError('NAME_TAKEN');
  await checkPolicyRefs(ex, enterpriseId, p);
  if (!(await updatePolicyRow(ex, enterpriseId, id, p))) throw new AppError('NOT_FOUND');
}

/** Deleting a policy keeps the clocks it started (their counts and breaches stay reportable); they stop escalating. */
export async function deletePolicy(ex: Executor, enterpriseId: number, id: number): Promise<void> {
  if (!(await deletePolicyRow(ex, enterpriseId, id))) throw new AppError('NOT_FOUND');
}

/** What a policy matches an order on. */
export interface OrderFacts {
  templateId: number;
  priority: number;
  serviceGroupId: number | null;
  customerTagIds: number[];
  customerLevel: number | null;
}

/** What a policy reads of an order row (the state helper's untyped row or `select *`). */
type OrderFactsRow = { template_id: number; priority: number | null; service_group_id: number | null; customer_id?: number | null };

export async function factsOf(ex: Executor, enterpriseId: number, row: Record<string, unknown>, needCustomer: boolean): Promise<OrderFacts> {
  const o = row as OrderFactsRow;
  const facts: OrderFacts = {
    templateId: o.template_id,
    priority: o.priority ?? 1,
    serviceGroupId: o.service_group_id,
    customerTagIds: [],
    customerLevel: null,
  };
  if (!needCustomer) return facts;
  const c = await customerLevelTags(ex, enterpriseId, o.customer_id);
  return { ...facts, customerLevel: c?.level ?? null, customerTagIds: (c?.tags ?? []).map(Number) };
}

/** An empty rule matches anything; every non-empty rule must match. */
export function matches(p: SlaPolicy, f: OrderFacts): boolean {
  const inList = <T>(list: readonly T[], v: T) => list.length === 0 || list.includes(v);
  return (
    p.enabled &&
    inList(p.templateIds, f.templateId) &&
    inList(p.priorities, f.priority) &&
    (p.serviceGroupIds.length === 0 || (f.serviceGroupId != null && p.serviceGroupIds.includes(f.serviceGroupId))) &&
    (p.customerLevels.length === 0 || (f.customerLevel != null && p.customerLevels.includes(f.customerLevel))) &&
    (p.customerTagIds.length === 0 || p.customerTagIds.some((t) => f.customerTagIds.includes(t)))
  );
}

export async function policyFor(ex: Executor, enterpriseId: number, o: Record<string, unknown>): Promise<SlaPolicy | null> {
  const ps = (await listPolicies(ex, enterpriseId)).filter((p) => p.enabled);
  if (ps.length === 0) return null;
  const f = await factsOf(
    ex,
    enterpriseId,
    o,
    ps.some((p) => p.customerLevels.length > 0 || p.customerTagIds.length > 0),
  );
  return ps.find((p) => matches(p, f)) ?? null;
}
