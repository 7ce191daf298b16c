import { sql } from 'drizzle-orm';
import { type Db, rows, type Tx } from '../../db/client';
import type { DemoStep } from '../../platform/demo/data';
import { bigints } from '../../platform/sql';
import { priceOrder } from './fee.service';
import { act, createStatement } from './settle.service';

/**
 * A month to settle for the demo provider (docs/settlement.md): its 结算系数 1.10, two fee standards, 30 of its orders
 * completed last month and priced as completion prices them, and two in service now for its engineer to complete.
 * Bulk inserts; only the pricing runs per order (it is the rule being shown).
 */
async function seedDemoSettlement(tx: Tx, enterpriseId: number): Promise<void> {
  const [p] = await rows<{ id: number; user_id: number | null }>(
    tx,
    sql`select p.id::int, (select u.id::int from users u where u.enterprise_id = p.enterprise_id and u.provider_id = p.id order by u.id limit 1) as user_id
      from service_providers p where p.enterprise_id = ${enterpriseId} order by p.id limit 1`,
  );
  if (!p?.user_id) return;
  const [seen] = await rows<{ one: number }>(tx, sql`select 1 as one from fee_standards where enterprise_id = ${enterpriseId} limit 1`);
  if (seen) return;
  const [tpl] = await rows<{ id: number }>(
    tx,
    sql`select id::int from form_templates where enterprise_id = ${enterpriseId} and form_kind = 1 order by id limit 1`,
  );
  const customers = (await rows<{ id: number }>(tx, sql`select id::int from customers where enterprise_id = ${enterpriseId} order by id limit 10`)).map(
    (c) => c.id,
  );
  if (!tpl || customers.length === 0) return;
  await tx.execute(sql`update service_providers set coefficient_pct = 110 where enterprise_id = ${enterpriseId} and id = ${p.id}`);
  await tx.execute(sql`insert into fee_standards (enterprise_id, product_category, region_code, region_name, amount_cents, remark) values
    (${enterpriseId}, null, null, null, 8000, '基础上门服务费'),
    (${enterpriseId}, null, '310000', '上海市', 10000, '上海地区')`);
  const month = sql`date_trunc('month', now() at time zone 'Asia/Shanghai') at time zone 'Asia/Shanghai'`;
  const ids = await rows<{ id: number; done: boolean }>(
    tx,
    sql`insert into orders (enterprise_id, order_no, template_id, customer_id, title, state, provider_id, service_user_id, dispatcher_id, created_by,
        province_code, city_code, province, city, created_at, dispatched_at, taken_at, started_at, finished_at)
      select ${enterpriseId}, 'FW' || to_char(now() at time zone 'Asia/Shanghai' - interval '1 month', 'YYYYMM') || '-' || lpad(g::text, 3, '0'), ${tpl.id},
        (${bigints(customers)})[1 + g % ${customers.length}], '空调维修（外包服务）', case when g > 30 then 4 else 5 end,
        ${p.id}, ${p.user_id}, ${p.user_id}, ${p.user_id},
        case when g % 2 = 0 then '310000' end, case when g % 2 = 0 then '310100' end, case when g % 2 = 0 then '上海市' end, case when g % 2 = 0 then '上海市' end,
        t - interval '1 day', t - interval '20 hours', t - interval '18 hours', t - interval '2 hours', case when g > 30 then null else t end
      from generate_series(1, 32) g,
        lateral (select case when g > 30 then now() - interval '3 hours' else ${month} - interval '1 month' + (g - 1) * interval '22 hours' + interval '10 hours' end as t) x
      returning id::int, state = 5 as done`,
  );
  // Each order's story in the log, as the state helper writes it: created, given to the provider, taken, started, completed.
  await tx.execute(sql`insert into order_logs (enterprise_id, order_id, from_state, to_state, action, note, user_id, created_at)
    select o.enterprise_id, o.id, s.from_state, s.to_state, s.action, s.note, o.service_user_id, s.at
    from orders o cross join lateral (values
        (1, null::smallint, 1::smallint, 'create', null::text, o.created_at),
        (2, 1, 2, 'dispatch', '服务商：' || (select name from service_providers where enterprise_id = o.enterprise_id and id = o.provider_id), o.dispatched_at),
        (3, 2, 3, 'accept', null, o.taken_at),
        (4, 3, 4, 'startService', null, o.started_at),
        (5, 4, 5, 'serviceComplete', '已修复，客户确认', o.finished_at)
      ) as s(n, from_state, to_state, action, note, at)
    where o.enterprise_id = ${enterpriseId} and o.id = any(${bigints(ids.map((o) => o.id))}) and s.at is not null
    order by s.at, o.id, s.n`);
  // Priced as completion prices them: these, and the month's orders the provider completed (written in bulk, unpriced).
  const done = await rows<{ id: number }>(
    tx,
    sql`select o.id::int from orders o where o.enterprise_id = ${enterpriseId} and o.provider_id is not null and o.state = 5
      and not exists (select 1 from provider_order_fees f where f.enterprise_id = o.enterprise_id and f.order_id = o.id) order by o.id`,
  );
  for (const o of done) await priceOrder(tx, enterpriseId, o.id);
  // Priced when they completed.
  await tx.execute(sql`update provider_order_fees f set priced_at = o.finished_at from orders o
    where f.enterprise_id = ${enterpriseId} and o.enterprise_id = f.enterprise_id and o.id = f.order_id and o.provider_id = ${p.id}`);
  await seedDemoClaims(
    tx,
    enterpriseId,
    p.id,
    p.user_id,
    ids.filter((o) => o.done).map((o) => o.id),
  );
  await seedDemoRewards(
    tx,
    enterpriseId,
    p.id,
    ids.filter((o) => o.done).map((o) => o.id),
  );
  await seedDemoPlatform(tx, enterpriseId, tpl.id, customers);
}

/**
 * Rewards and penalties of the demo month for the provider (奖惩管理): a penalty and a reward finance recorded and another
 * finance user (or the administrator) approved last month — its statement will take them — and a penalty waiting for
 * approval now. Each with the log its actions left; numbers JC….
 */
async function seedDemoRewards(tx: Tx, enterpriseId: number, providerId: number, orderIds: number[]): Promise<void> {
  if (orderIds.length < 10) return;
  const people = await rows<{ id: number }>(
    tx,
    sql`select id::int from users where enterprise_id = ${enterpriseId} and provider_id is null and (8 = any(roles) or 3 = any(roles))
      order by (8 = any(roles)) desc, id limit 2`,
  );
  const [submitter, approver] = people;
  if (!submitter || !approver) return;
  const month = sql`(date_trunc('month', now() at time zone 'Asia/Shanghai') at time zone 'Asia/Shanghai')`;
  const items = [
    { order: orderIds[9], kind: 2, cents: 5000, reason: '上门迟到2小时，客户投诉', state: 2, at: sql`(${month} - interval '12 days')` },
    { order: null, kind: 1, cents: 20000, reason: '当月回访满意率100%，给予奖励', state: 2, at: sql`(${month} - interval '2 days')` },
    { order: orderIds[4], kind: 2, cents: 3000, reason: '旧件未按期返还', state: 1, at: sql`(now() - interval '2 hours')` },
  ];
  const values = items.map(
    (r, i) => sql`(${enterpriseId}, 'JC' || to_char(${r.at} at time zone 'Asia/Shanghai', 'YYYYMMDD') || '-' || ${String(9001 + i)}, ${providerId},
      ${r.order ?? null}::bigint, ${r.kind}, ${r.cents}, ${r.reason}, ${r.state}, ${submitter.id}, ${submitter.id}, ${r.at} - interval '1 day',
      ${r.state === 2 ? approver.id : null}::bigint, ${r.state === 2 ? r.at : null}::timestamptz, ${r.at} - interval '1 day')`,
  );
  const made = await rows<{ id: number }>(
    tx,
    sql`insert into rewards (enterprise_id, reward_no, provider_id, order_id, kind, amount_cents, reason, state, created_by, submitted_by, submitted_at,
        decided_by, approved_at, created_at)
      values ${sql.join(values, sql`, `)} returning id::int`,
  );
  await tx.execute(sql`insert into reward_logs (enterprise_id, reward_id, from_state, to_state, action, note, user_id, created_at)
    select r.enterprise_id, r.id, null, 1, 'create', r.reason, r.submitted_by, r.created_at
    from rewards r where r.enterprise_id = ${enterpriseId} and r.id = any(${bigints(made.map((m) => m.id))})
    union all
    select r.enterprise_id, r.id, 1, 2, 'approve', null, r.decided_by, r.approved_at
    from rewards r where r.enterprise_id = ${enterpriseId} and r.id = any(${bigints(made.map((m) => m.id))}) and r.state = 2`);
}

/**
 * A platform partner (授权服务平台, partner type 4) whose two service groups served ten orders last month, priced, and
 * its statement issued: 平台结算 (/ServiceGroup/list) shows it split by group.
 */
async function seedDemoPlatform(tx: Tx, enterpriseId: number, templateId: number, customers: number[]): Promise<void> {
  const [fin] = await rows<{ id: number }>(
    tx,
    sql`select id::int from users where enterprise_id = ${enterpriseId} and provider_id is null and (8 = any(roles) or 3 = any(roles))
      order by (8 = any(roles)) desc, id limit 1`,
  );
  if (!fin) return;
  const [pf] = await rows<{ id: number }>(
    tx,
    sql`insert into service_providers (enterprise_id, name, partner_type, linkman, phone, service_area, region_codes, product_lines,
        bank_name, bank_account_name, bank_account)
      values (${enterpriseId}, '华南授权服务平台', 4, '林经理', '020-60000004', '广东、广西、福建', '{44,45,35}', '{暖通空调,电梯}',
        '招商银行广州分行营业部', '广州华南服务平台有限公司', '120909876510802')
      on conflict do nothing returning id::int`,
  );
  if (!pf) return;
  await tx.execute(sql`insert into service_provider_contacts (enterprise_id, provider_id, name, phone, position, is_primary, sort) values
    (${enterpriseId}, ${pf.id}, '林经理', '020-60000004', '平台负责人', true, 0),
    (${enterpriseId}, ${pf.id}, '黄专员', '13711110004', '结算专员', false, 1)`);
  const groups = await rows<{ id: number }>(
    tx,
    sql`insert into service_groups (enterprise_id, name, type) values (${enterpriseId}, '平台广州服务组', 2), (${enterpriseId}, '平台深圳服务组', 2)
      on conflict do nothing returning id::int`,
  );
  if (groups.length < 2) return;
  const month = sql`(date_trunc('month', now() at time zone 'Asia/Shanghai') at time zone 'Asia/Shanghai')`;
  const made = await rows<{ id: number }>(
    tx,
    sql`insert into orders (enterprise_id, order_no, template_id, customer_id, title, state, provider_id, service_group_id, created_by, province, city,
        created_at, finished_at)
      select ${enterpriseId}, 'PT' || to_char(now() at time zone 'Asia/Shanghai' - interval '1 month', 'YYYYMM') || '-' || lpad(g::text, 3, '0'), ${templateId},
        (${bigints(customers)})[1 + g % ${customers.length}], '空调安装（授权服务平台）', 5, ${pf.id}, (${bigints(groups.map((x) => x.id))})[1 + g % 2], ${fin.id},
        '广东省', case when g % 2 = 0 then '广州市' else '深圳市' end, t - interval '1 day', t
      from generate_series(1, 10) g, lateral (select ${month} - interval '1 month' + g * interval '2 days 5 hours' as t) x
      returning id::int`,
  );
  // Their story in the log as the state helper writes it: created, given to the platform, completed by it.
  await tx.execute(sql`insert into order_logs (enterprise_id, order_id, from_state, to_state, action, note, user_id, created_at)
    select o.enterprise_id, o.id, s.from_state, s.to_state, s.action, s.note, ${fin.id}, s.at
    from orders o cross join lateral (values
        (1, null::smallint, 1::smallint, 'create', null::text, o.created_at),
        (2, 1, 2, 'dispatch', '服务商：华南授权服务平台', o.created_at + interval '1 hour'),
        (3, 2, 5, 'serviceComplete', '平台服务组完工', o.finished_at)
      ) as s(n, from_state, to_state, action, note, at)
    where o.enterprise_id = ${enterpriseId} and o.id = any(${bigints(made.map((m) => m.id))})
    order by s.at, o.id, s.n`);
  await tx.execute(sql`insert into provider_order_fees (enterprise_id, order_id, provider_id, base_cents, amount_cents, priced_at)
    select enterprise_id, id, provider_id, 12000, 12000 + (id % 3) * 1500, finished_at from orders
    where enterprise_id = ${enterpriseId} and id = any(${bigints(made.map((m) => m.id))})`);
  const actor = { id: fin.id, enterpriseId, sysrole: 8, admin: false, powers: [], providerId: null, timeZone: 'Asia/Shanghai' };
  const [period] = await rows<{ start: string; end: string }>(
    tx,
    sql`select to_char(${month} at time zone 'Asia/Shanghai' - interval '1 month', 'YYYY-MM-DD') as start,
      to_char(${month} at time zone 'Asia/Shanghai' - interval '1 day', 'YYYY-MM-DD') as end`,
  );
  if (!period) return;
  const st = await createStatement(tx as unknown as Db, actor, {
    providerId: pf.id,
    periodStart: period.start,
    periodEnd: period.end,
    remark: '演示：平台结算',
  });
  await act(tx as unknown as Db, actor, st.id, 'issue');
}

/**
 * Fee claims of the month on four of its orders, as the claim rules leave them: two transport fees within the 20 %
 * tolerance (approved at once, payable), one past it that finance approved and that waits in 费用审核, and an extra
 * fee waiting for approval.
 */
async function seedDemoClaims(tx: Tx, enterpriseId: number, providerId: number, userId: number, orderIds: number[]): Promise<void> {
  if (orderIds.length < 8) return;
  const [fin] = await rows<{ id: number }>(
    tx,
    sql`select id::int from users where enterprise_id = ${enterpriseId} and 8 = any(roles) and provider_id is null order by id limit 1`,
  );
  const claims = [
    { order: orderIds[1], kind: 1, amount: 2400, claimed: 12_000, computed: 11_200, state: 2, check: 0, note: '往返交通' },
    { order: orderIds[3], kind: 1, amount: 3600, claimed: 18_000, computed: 16_400, state: 2, check: 0, note: '往返交通' },
    { order: orderIds[5], kind: 1, amount: 9000, claimed: 45_000, computed: 15_100, state: 2, check: 1, note: '绕行施工路段' },
    { order: orderIds[7], kind: 2, amount: 5000, claimed: null, computed: null, state: 1, check: 0, note: '高空作业，租用升降梯' },
  ];
  const values = claims.map((c, i) => {
    const computedCents = c.claimed && c.computed && c.computed < c.claimed ? Math.round((c.amount * c.computed) / c.claimed) : c.amount;
    const over = c.kind === 2 || (c.claimed ?? 0) * 100 > (c.computed ?? 0) * 120;
    const at = sql`(select finished_at + interval '3 hours' from orders where enterprise_id = ${enterpriseId} and id = ${c.order})`;
    const no = sql`'FY' || to_char(${at} at time zone 'Asia/Shanghai', 'YYYYMMDD') || '-' || ${String(9001 + i)}`;
    return sql`(${enterpriseId}, ${no}, ${c.order}, ${providerId}, ${userId}, ${c.kind}, ${c.amount}, ${c.claimed},
      ${c.computed}, ${computedCents}, 20, ${over}, ${c.note}, ${c.state}, ${c.check}, ${c.state === 2 ? sql`${at} + interval '1 hour'` : null},
      ${c.state === 2 && over ? (fin?.id ?? null) : null}, ${c.amount}, ${c.state === 2 && c.check === 0 ? sql`${at} + interval '1 hour'` : null}, ${at})`;
  });
  const made = await rows<{ id: number; state: number; over: boolean; created_at: string }>(
    tx,
    sql`insert into fee_claims (enterprise_id, claim_no, order_id, provider_id, applicant_id, kind, amount_cents, claimed_m, computed_m, computed_cents,
        tolerance_pct, over_tolerance, note, state, check_state, decided_at, decided_by, final_cents, payable_at, created_at)
      values ${sql.join(values, sql`, `)}
      returning id::int, state, over_tolerance as over, created_at::text`,
  );
  await tx.execute(sql`insert into fee_claim_logs (enterprise_id, claim_id, from_state, to_state, action, note, user_id, created_at)
    select c.enterprise_id, c.id, null, case when c.over_tolerance then 1 else 2 end, 'create',
      case when c.kind = 2 then '其他费用，需审批' when c.over_tolerance then '申请里程超出直线距离20%以上，需审批' else '申请里程在直线距离的20%容差内，自动通过' end,
      c.applicant_id, c.created_at
    from fee_claims c where c.enterprise_id = ${enterpriseId} and c.id = any(${bigints(made.map((m) => m.id))})
    union all
    select c.enterprise_id, c.id, 1, 2, 'approve', '核实属实', c.decided_by, c.decided_at
    from fee_claims c where c.enterprise_id = ${enterpriseId} and c.id = any(${bigints(made.map((m) => m.id))}) and c.over_tolerance and c.state = 2`);
}

export const settleDemoStep: DemoStep = { name: 'settle.demo', run: seedDemoSettlement };
