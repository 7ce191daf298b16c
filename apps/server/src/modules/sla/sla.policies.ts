import { CUSTOMER_TAG_CODE, ORDER_KIND, type SlaPolicy, type SlaPolicyInput } from '@sk/shared';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rows } from '../../db/client';
import { AppError } from '../../platform/errors';
import { checkIdsIn } from '../../platform/refs';
import { apiTime } from '../../platform/sql';

type Config = Omit<SlaPolicyInput, 'name' | 'enabled' | 'sort'>;
interface PolicyRow {
  id: number;
  name: string;
  enabled: boolean;
  sort: number;
  config: Config;
  update_time: string;
}
const present = (r: PolicyRow): SlaPolicy => ({ ...r.config, id: r.id, name: r.name, enabled: r.enabled, sort: r.sort, update_time: r.update_time });
const configOf = ({ name: _n, enabled: _e, sort: _s, ...config }: SlaPolicyInput): Config => config;

const select = (timeZone: string) => sql`select id, name, enabled, sort, config, ${apiTime(sql`updated_at`, timeZone)} as update_time from sla_policies`;

/** Policies in matching order: the first enabled one that matches an order applies. */
export async function listPolicies(ex: Executor, enterpriseId: number, timeZone = 'Asia/Shanghai'): Promise<SlaPolicy[]> {
  const rs = await rows<PolicyRow>(ex, sql`${select(timeZone)} where enterprise_id = ${enterpriseId} order by sort, id`);
  return rs.map(present);
}

export async function getPolicy(ex: Executor, enterpriseId: number, id: number, timeZone: string): Promise<SlaPolicy> {
  const [r] = await rows<PolicyRow>(ex, sql`${select(timeZone)} where enterprise_id = ${enterpriseId} and id = ${id}`);
  if (!r) throw new AppError('NOT_FOUND');
  return present(r);
}

const nameTaken = async (ex: Executor, enterpriseId: number, name: string, id: number | null) =>
  (
    await rows<{ one: number }>(
      ex,
      sql`select 1 as one from sla_policies where enterprise_id = ${enterpriseId} and name = ${name} and id is distinct from ${id}`,
    )
  ).length > 0;

/** Order types, customer tags and service groups a policy names must be this enterprise's. */
async function checkRefs(ex: Executor, enterpriseId: number, p: SlaPolicyInput): Promise<void> {
  await checkIdsIn(ex, enterpriseId, 'form_templates', p.templateIds, '工单类型：所选工单类型不存在或已删除', sql`form_kind = ${ORDER_KIND}`);
  await checkIdsIn(ex, enterpriseId, 'tags', p.customerTagIds, '客户标签：所选客户标签不存在或已删除', sql`code = ${CUSTOMER_TAG_CODE}`);
  await checkIdsIn(ex, enterpriseId, 'service_groups', p.serviceGroupIds, '服务团队：所选服务团队不存在或已删除');
}

/** Call inside a transaction: the references are checked before the write. */
export async function createPolicy(ex: Executor, enterpriseId: number, p: SlaPolicyInput): Promise<number> {
  if (await nameTaken(ex, enterpriseId, p.name, null)) throw new AppError('NAME_TAKEN');
  await checkRefs(ex, enterpriseId, p);
  const [r] = await rows<{ id: number }>(
    ex,
    sql`insert into sla_policies (enterprise_id, name, enabled, sort, config) values (${enterpriseId}, ${p.name}, ${p.enabled}, ${p.sort}, ${JSON.stringify(configOf(p))}::jsonb)
      on conflict (enterprise_id, name) do nothing returning id`,
  );
  if (!r) throw new AppError('NAME_TAKEN');
  return r.id;
}

export async function updatePolicy(ex: Executor, enterpriseId: number, id: number, p: SlaPolicyInput): Promise<void> {
  if (await nameTaken(ex, enterpriseId, p.name, id)) throw new AppError('NAME_TAKEN');
  await checkRefs(ex, enterpriseId, p);
  const r = await rows<{ id: number }>(
    ex,
    sql`update sla_policies set name = ${p.name}, enabled = ${p.enabled}, sort = ${p.sort}, config = ${JSON.stringify(configOf(p))}::jsonb, updated_at = now()
      where enterprise_id = ${enterpriseId} and id = ${id} returning id`,
  );
  if (r.length === 0) throw new AppError('NOT_FOUND');
}

/** Deleting a policy keeps the clocks it started (their counts and breaches stay reportable); they stop escalating. */
export async function deletePolicy(ex: Executor, enterpriseId: number, id: number): Promise<void> {
  const r = await rows<{ id: number }>(ex, sql`delete from sla_policies where enterprise_id = ${enterpriseId} and id = ${id} returning id`);
  if (r.length === 0) throw new AppError('NOT_FOUND');
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
  const [c] = await rows<{ level: number | null; tags: number[] | null }>(
    ex,
    sql`select c.level, (select array_agg(l.tag_id) from tag_links l where l.enterprise_id = c.enterprise_id and l.obj_type = 4 and l.obj_id = c.id) as tags
      from customers c where c.enterprise_id = ${enterpriseId} and c.id = ${o.customer_id}`,
  );
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
