// The statements of SLA policies and of what a policy matches an order on, and the policy's presenter.
import { CUSTOMER_TAG_CODE, ORDER_KIND, type SlaPolicy, type SlaPolicyInput } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
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
export const toSlaPolicy = (r: PolicyRow): SlaPolicy => ({ ...r.config, id: r.id, name: r.name, enabled: r.enabled, sort: r.sort, update_time: r.update_time });
const configOf = ({ name: _n, enabled: _e, sort: _s, ...config }: SlaPolicyInput): Config => config;

const select = (timeZone: string) => sql`select id, name, enabled, sort, config, ${apiTime(sql`updated_at`, timeZone)} as update_time from sla_policies`;

/** Policies in matching order. */
export async function policyRows(ex: Executor, enterpriseId: number, timeZone: string): Promise<SlaPolicy[]> {
  const rs = await rows<PolicyRow>(ex, sql`${select(timeZone)} where enterprise_id = ${enterpriseId} order by sort, id`);
  return rs.map(toSlaPolicy);
}

export async function policyRow(ex: Executor, enterpriseId: number, id: number, timeZone: string): Promise<SlaPolicy | undefined> {
  const [r] = await rows<PolicyRow>(ex, sql`${select(timeZone)} where enterprise_id = ${enterpriseId} and id = ${id}`);
  return r && toSlaPolicy(r);
}

/** Whether another policy (not `id`) has the name. */
export const nameTaken = async (ex: Executor, enterpriseId: number, name: string, id: number | null) =>
  (
    await rows<{ one: number }>(
      ex,
      sql`select 1 as one from sla_policies where enterprise_id = ${enterpriseId} and name = ${name} and id is distinct from ${id}`,
    )
  ).length > 0;

/** Order types, customer tags and service groups a policy names must be this enterprise's. */
export async function checkPolicyRefs(ex: Executor, enterpriseId: number, p: SlaPolicyInput): Promise<void> {
  await checkIdsIn(ex, enterpriseId, 'form_templates', p.templateIds, '工单类型：所选工单类型不存在或已删除', sql`form_kind = ${ORDER_KIND}`);
  await checkIdsIn(ex, enterpriseId, 'tags', p.customerTagIds, '客户标签：所选客户标签不存在或已删除', sql`code = ${CUSTOMER_TAG_CODE}`);
  await checkIdsIn(ex, enterpriseId, 'service_groups', p.serviceGroupIds, '服务团队：所选服务团队不存在或已删除');
}

/** Answers the new id, or undefined when the name was taken meanwhile. */
export async function insertPolicy(ex: Executor, enterpriseId: number, p: SlaPolicyInput): Promise<number | undefined> {
  const [r] = await rows<{ id: number }>(
    ex,
    sql`insert into sla_policies (enterprise_id, name, enabled, sort, config) values (${enterpriseId}, ${p.name}, ${p.enabled}, ${p.sort}, ${JSON.stringify(configOf(p))}::jsonb)
      on conflict (enterprise_id, name) do nothing returning id`,
  );
  return r?.id;
}

/** Answers whether the policy was there. */
export async function updatePolicyRow(ex: Executor, enterpriseId: number, id: number, p: SlaPolicyInput): Promise<boolean> {
  const r = await rows<{ id: number }>(
    ex,
    sql`update sla_policies set name = ${p.name}, enabled = ${p.enabled}, sort = ${p.sort}, config = ${JSON.stringify(configOf(p))}::jsonb, updated_at = now()
      where enterprise_id = ${enterpriseId} and id = ${id} returning id`,
  );
  return r.length > 0;
}

/** Answers whether the policy was there. */
export async function deletePolicyRow(ex: Executor, enterpriseId: number, id: number): Promise<boolean> {
  const r = await rows<{ id: number }>(ex, sql`delete from sla_policies where enterprise_id = ${enterpriseId} and id = ${id} returning id`);
  return r.length > 0;
}

/** The customer's level and tags (obj_type 4). */
export async function customerLevelTags(ex: Executor, enterpriseId: number, customerId: number | null | undefined) {
  const [c] = await rows<{ level: number | null; tags: number[] | null }>(
    ex,
    sql`select c.level, (select array_agg(l.tag_id) from tag_links l where l.enterprise_id = c.enterprise_id and l.obj_type = 4 and l.obj_id = c.id) as tags
      from customers c where c.enterprise_id = ${enterpriseId} and c.id = ${customerId}`,
  );
  return c;
}
