import { textContains } from '../../platform/search';
// The statements of cycle templates (/cycleTmpl) and their presenter. Every query by the session's enterprise.
import type { CycleTmpl, CycleTmplBody } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { countOf, type PageRequest, pageSql } from '../../platform/list';
import { checkIdsIn } from '../../platform/refs';
import { bigints, timeOf } from '../../platform/sql';

interface TmplRow {
  id: number;
  name: string;
  every: number;
  unit: number;
  order_type_id: number | null;
  order_type_name: string | null;
  order_title: string | null;
  service_item_ids: (number | string)[];
  service_item_names: string[] | null;
  checklist: string[];
  remark: string | null;
  plan_count: number;
  create_time: string;
}

export const toCycleTmpl = (r: TmplRow): CycleTmpl => ({
  id: r.id,
  name: r.name,
  every: r.every,
  unit: r.unit,
  orderTypeId: r.order_type_id,
  orderTypeName: r.order_type_name,
  orderTitle: r.order_title,
  serviceItemIds: r.service_item_ids.map(Number),
  serviceItemNames: r.service_item_names ?? [],
  checklist: r.checklist ?? [],
  remark: r.remark,
  planCount: r.plan_count,
  create_time: r.create_time,
});

const LIVE = sql`t.deleted_at is null`;

function selectTmpls(a: Pick<Actor, 'enterpriseId' | 'timeZone'>, where: SQL, tail = sql``): SQL {
  return sql`select t.id, t.name, t.every, t.unit, t.order_type_id, t.order_title, t.service_item_ids, t.checklist, t.remark,
      ${timeOf(sql`t.created_at`, a)} as create_time,
      (select f.name from form_templates f where f.enterprise_id = t.enterprise_id and f.id = t.order_type_id) as order_type_name,
      (select array_agg(s.name order by array_position(t.service_item_ids, s.id)) from service_items s
        where s.enterprise_id = t.enterprise_id and s.id = any(t.service_item_ids)) as service_item_names,
      (select count(*)::int from cycle_plans p where p.enterprise_id = t.enterprise_id and p.template_id = t.id and p.state <> 3) as plan_count
    from cycle_templates t where t.enterprise_id = ${a.enterpriseId} and ${LIVE} and ${where} ${tail}`;
}

/** The list's condition: a name containing the text, or every template. */
export const tmplNameWhere = (name: string | null | undefined): SQL => (name ? textContains(sql`t.name`, name) : sql`true`);

export async function tmplPage(ex: Executor, a: Pick<Actor, 'enterpriseId' | 'timeZone'>, where: SQL, page: PageRequest): Promise<CycleTmpl[]> {
  return (await rows<TmplRow>(ex, selectTmpls(a, where, sql`order by t.id desc ${pageSql(page)}`))).map(toCycleTmpl);
}

export const tmplCount = (ex: Executor, a: Pick<Actor, 'enterpriseId'>, where: SQL): Promise<number> =>
  countOf(ex, sql`cycle_templates t`, sql`t.enterprise_id = ${a.enterpriseId} and ${LIVE} and ${where}`);

export async function tmplRow(ex: Executor, a: Pick<Actor, 'enterpriseId' | 'timeZone'>, id: number): Promise<CycleTmpl | undefined> {
  const [r] = await rows<TmplRow>(ex, selectTmpls(a, sql`t.id = ${id}`));
  return r && toCycleTmpl(r);
}

export async function tmplOptionRows(ex: Executor, ep: number): Promise<{ id: number; name: string; every: number; unit: number }[]> {
  return rows<{ id: number; name: string; every: number; unit: number }>(
    ex,
    sql`select t.id, t.name, t.every, t.unit from cycle_templates t where t.enterprise_id = ${ep} and ${LIVE} order by t.id desc limit 500`,
  );
}

/** The order type must be an enabled order-kind template of the enterprise. */
export const checkOrderType = (ex: Executor, ep: number, id: number | null | undefined): Promise<void> =>
  checkIdsIn(ex, ep, 'form_templates', [id], '工单类型：工单类型不存在或已停用', sql`form_kind = 1 and enabled`);

export async function serviceItemCount(ex: Executor, ep: number, ids: number[]): Promise<number | undefined> {
  const [r] = await rows<{ n: number }>(ex, sql`select count(*)::int as n from service_items where enterprise_id = ${ep} and id = any(${bigints(ids)})`);
  return r?.n;
}

const checklistJson = (b: CycleTmplBody) => sql`${JSON.stringify(b.checklist)}::jsonb`;

export async function insertTmpl(ex: Executor, a: Pick<Actor, 'enterpriseId' | 'id'>, b: CycleTmplBody): Promise<number | undefined> {
  const [r] = await rows<{ id: number }>(
    ex,
    sql`insert into cycle_templates (enterprise_id, name, every, unit, order_type_id, order_title, service_item_ids, checklist, remark, created_by)
        values (${a.enterpriseId}, ${b.name}, ${b.every}, ${b.unit}, ${b.orderTypeId ?? null}, ${b.orderTitle}, ${bigints([...new Set(b.serviceItemIds)])},
          ${checklistJson(b)}, ${b.remark}, ${a.id}) returning id`,
  );
  return r?.id;
}

/** Locks a live template; false when there is none. */
export async function lockTmpl(ex: Executor, ep: number, id: number): Promise<boolean> {
  const [cur] = await rows<{ id: number }>(
    ex,
    sql`select id from cycle_templates where enterprise_id = ${ep} and id = ${id} and deleted_at is null for update`,
  );
  return !!cur;
}

export async function updateTmplRow(ex: Executor, ep: number, id: number, b: CycleTmplBody): Promise<void> {
  await ex.execute(sql`update cycle_templates set name = ${b.name}, every = ${b.every}, unit = ${b.unit}, order_type_id = ${b.orderTypeId ?? null},
        order_title = ${b.orderTitle}, service_item_ids = ${bigints([...new Set(b.serviceItemIds)])}, checklist = ${checklistJson(b)}, remark = ${b.remark},
        updated_at = now()
      where enterprise_id = ${ep} and id = ${id}`);
}

/** Whether a plan that is not ended uses the template. */
export async function tmplInUse(ex: Executor, ep: number, id: number): Promise<boolean> {
  const [used] = await rows<{ one: number }>(
    ex,
    sql`select 1 as one from cycle_plans where enterprise_id = ${ep} and template_id = ${id} and state <> 3 limit 1`,
  );
  return !!used;
}

export async function softDeleteTmpl(ex: Executor, ep: number, id: number): Promise<void> {
  await ex.execute(sql`update cycle_templates set deleted_at = now() where enterprise_id = ${ep} and id = ${id}`);
}
