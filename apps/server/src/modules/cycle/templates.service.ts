// Cycle templates (/cycleTmpl): list, detail, create, update, delete. Every query by the session's enterprise.
import type { CycleTmpl, CycleTmplBody } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, type Executor, rows } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { invalid, notFound } from '../../platform/errors';
import { countOf, listPage, type PageRequest, pageSql } from '../../platform/list';
import { checkIdsIn } from '../../platform/refs';
import { bigints, containingPattern, timeOf } from '../../platform/sql';

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

const toCycleTmpl = (r: TmplRow): CycleTmpl => ({
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

export async function listTmpls(db: Db, a: Actor, q: PageRequest & { name?: string | null; keyword?: string | null }) {
  const name = q.name || q.keyword;
  const where = name ? sql`t.name ilike ${containingPattern(name)}` : sql`true`;
  return listPage(
    q,
    async () => (await rows<TmplRow>(db, selectTmpls(a, where, sql`order by t.id desc ${pageSql(q)}`))).map(toCycleTmpl),
    () => countOf(db, sql`cycle_templates t`, sql`t.enterprise_id = ${a.enterpriseId} and ${LIVE} and ${where}`),
  );
}

export async function getTmpl(ex: Executor, a: Pick<Actor, 'enterpriseId' | 'timeZone'>, id: number): Promise<CycleTmpl> {
  const [r] = await rows<TmplRow>(ex, selectTmpls(a, sql`t.id = ${id}`));
  if (!r) throw notFound();
  return toCycleTmpl(r);
}

/** The live templates for the plan dialog's picker (an enterprise keeps a handful). */
export async function tmplOptions(db: Db, a: Actor) {
  const found = await rows<{ id: number; name: string; every: number; unit: number }>(
    db,
    sql`select t.id, t.name, t.every, t.unit from cycle_templates t where t.enterprise_id = ${a.enterpriseId} and ${LIVE} order by t.id desc limit 500`,
  );
  return found.map((r) => ({ id: r.id, name: r.name, every: r.every, unit: r.unit }));
}

/** The order type is an enabled order-kind template of the enterprise; service items are its own. */
async function checkTmpl(ex: Executor, ep: number, b: CycleTmplBody): Promise<void> {
  await checkIdsIn(ex, ep, 'form_templates', [b.orderTypeId], '工单类型：工单类型不存在或已停用', sql`form_kind = 1 and enabled`);
  const unique = [...new Set(b.serviceItemIds)];
  if (unique.length) {
    const [r] = await rows<{ n: number }>(ex, sql`select count(*)::int as n from service_items where enterprise_id = ${ep} and id = any(${bigints(unique)})`);
    if (r?.n !== unique.length) throw invalid('服务项目：服务项目不存在或已被删除');
  }
}

const checklistJson = (b: CycleTmplBody) => sql`${JSON.stringify(b.checklist)}::jsonb`;

export async function createTmpl(db: Db, a: Actor, b: CycleTmplBody): Promise<number> {
  return db.transaction(async (tx) => {
    await checkTmpl(tx, a.enterpriseId, b);
    const [r] = await rows<{ id: number }>(
      tx,
      sql`insert into cycle_templates (enterprise_id, name, every, unit, order_type_id, order_title, service_item_ids, checklist, remark, created_by)
        values (${a.enterpriseId}, ${b.name}, ${b.every}, ${b.unit}, ${b.orderTypeId ?? null}, ${b.orderTitle}, ${bigints([...new Set(b.serviceItemIds)])},
          ${checklistJson(b)}, ${b.remark}, ${a.id}) returning id`,
    );
    if (!r) throw new Error('insert into cycle_templates returned no row');
    return r.id;
  });
}

/** A change reaches the plans' next generated orders (orders already made keep what they were made with). */
export async function updateTmpl(db: Db, a: Actor, id: number, b: CycleTmplBody): Promise<void> {
  await db.transaction(async (tx) => {
    const [cur] = await rows<{ id: number }>(
      tx,
      sql`select id from cycle_templates where enterprise_id = ${a.enterpriseId} and id = ${id} and deleted_at is null for update`,
    );
    if (!cur) throw notFound();
    await checkTmpl(tx, a.enterpriseId, b);
    await tx.execute(sql`update cycle_templates set name = ${b.name}, every = ${b.every}, unit = ${b.unit}, order_type_id = ${b.orderTypeId ?? null},
        order_title = ${b.orderTitle}, service_item_ids = ${bigints([...new Set(b.serviceItemIds)])}, checklist = ${checklistJson(b)}, remark = ${b.remark},
        updated_at = now()
      where enterprise_id = ${a.enterpriseId} and id = ${id}`);
  });
}

/** Soft delete; refused while a plan that is not ended uses it. */
export async function deleteTmpl(db: Db, a: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [cur] = await rows<{ id: number }>(
      tx,
      sql`select id from cycle_templates where enterprise_id = ${a.enterpriseId} and id = ${id} and deleted_at is null for update`,
    );
    if (!cur) throw notFound();
    const [used] = await rows<{ one: number }>(
      tx,
      sql`select 1 as one from cycle_plans where enterprise_id = ${a.enterpriseId} and template_id = ${id} and state <> 3 limit 1`,
    );
    if (used) throw invalid('该模板正被周期计划使用，请先结束这些计划');
    await tx.execute(sql`update cycle_templates set deleted_at = now() where enterprise_id = ${a.enterpriseId} and id = ${id}`);
  });
}
