// The statements of automation rules, timed events, notification settings, the robot and webhook deliveries.
import { type DeliveryRow, ORDER_KIND, type RobotSetting, type RuleInput, type RuleRow, type TimedEventInput, type TimedEventRow } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { countOf, pageSql } from '../../platform/list';
import { checkIdsIn } from '../../platform/refs';

export type Kind = 'rule' | 'timed';
const TABLE = { rule: sql`automation_rules`, timed: sql`timed_events` };

/** Whether the order type is this enterprise's. */
export async function templateExists(ex: Executor, ep: number, templateId: number): Promise<boolean> {
  const t = await rows<{ one: number }>(
    ex,
    sql`select 1 as one from form_templates where enterprise_id = ${ep} and id = ${templateId} and form_kind = ${ORDER_KIND}`,
  );
  return t.length > 0;
}

/** The named people (not deleted), tags (order tags) and service groups are the enterprise's. */
export async function checkRefIds(ex: Executor, ep: number, users: Iterable<number>, tags: Iterable<number>, groups: Iterable<number>): Promise<void> {
  await checkIdsIn(ex, ep, 'users', users, '人员：所选人员不存在或已删除', sql`deleted_at is null`);
  await checkIdsIn(ex, ep, 'tags', tags, '标签：所选工单标签不存在或已删除', sql`code = 3`);
  await checkIdsIn(ex, ep, 'service_groups', groups, '服务组：所选服务组不存在或已删除');
}

const json = (v: unknown) => sql`${JSON.stringify(v)}::jsonb`;

const columnsOf = (kind: Kind, i: RuleInput | TimedEventInput) => {
  const base = [
    [sql`template_id`, sql`${i.templateId}`],
    [sql`name`, sql`${i.name}`],
    [sql`trigger`, sql`${i.trigger}`],
    [sql`enabled`, sql`${i.enabled}`],
    [sql`conditions`, json(i.conditions)],
    [sql`actions`, json(i.actions)],
  ];
  if (kind === 'timed') {
    const t = i as TimedEventInput;
    base.push([sql`amount`, sql`${t.amount}`], [sql`unit`, sql`${t.unit}`], [sql`condition`, sql`${t.condition}`]);
  }
  return base;
};

export async function insertItem(ex: Executor, u: Actor, kind: Kind, input: RuleInput | TimedEventInput): Promise<number> {
  const cols = columnsOf(kind, input);
  const names = sql.join(
    cols.map(([c]) => c),
    sql`, `,
  );
  const values = sql.join(
    cols.map(([, v]) => v),
    sql`, `,
  );
  const [r] = await rows<{ id: number }>(
    ex,
    sql`insert into ${TABLE[kind]} (enterprise_id, created_by, ${names}) values (${u.enterpriseId}, ${u.id}, ${values}) returning id`,
  );
  if (!r) throw new Error('insert returned no row');
  return r.id;
}

/** Answers whether the item was there to update. */
export async function updateItemRow(ex: Executor, ep: number, kind: Kind, input: RuleInput | TimedEventInput, id: number): Promise<boolean> {
  const set = sql.join(
    columnsOf(kind, input).map(([c, v]) => sql`${c} = ${v}`),
    sql`, `,
  );
  const done = await rows<{ id: number }>(
    ex,
    sql`update ${TABLE[kind]} set ${set}, updated_at = now() where enterprise_id = ${ep} and id = ${id} returning id`,
  );
  return done.length > 0;
}

/** Answers whether the item was there to delete. */
export async function deleteItemRow(ex: Executor, ep: number, kind: Kind, id: number): Promise<boolean> {
  const done = await rows<{ id: number }>(ex, sql`delete from ${TABLE[kind]} where enterprise_id = ${ep} and id = ${id} returning id`);
  return done.length > 0;
}

/** The rules or timed events of one order type, aliased to the contract's rows. */
export function itemRows(ex: Executor, u: Actor, kind: Kind, templateId: number): Promise<(RuleRow | TimedEventRow)[]> {
  const extra = kind === 'timed' ? sql`, amount, unit, condition` : sql``;
  const tz = u.timeZone;
  return rows<RuleRow | TimedEventRow>(
    ex,
    sql`select id::int, template_id::int "templateId", name, trigger, enabled, conditions, actions${extra},
          to_char(created_at at time zone ${tz}, 'YYYY-MM-DD HH24:MI:SS') "createTime"
        from ${TABLE[kind]} where enterprise_id = ${u.enterpriseId} and template_id = ${templateId} order by id`,
  );
}

export function savedNotifySettings(ex: Executor, ep: number): Promise<{ event: number; channels: string[]; template: string }[]> {
  return rows<{ event: number; channels: string[]; template: string }>(
    ex,
    sql`select event, channels, template from notify_settings where enterprise_id = ${ep}`,
  );
}

export async function upsertNotifySetting(ex: Executor, ep: number, s: { event: number; channels: string[]; template: string }): Promise<void> {
  const channels = sql`array[${sql.join(
    [...new Set(s.channels)].map((c) => sql`${c}`),
    sql`, `,
  )}]::text[]`;
  const ch = s.channels.length ? channels : sql`'{}'::text[]`;
  await ex.execute(sql`insert into notify_settings (enterprise_id, event, channels, template) values (${ep}, ${s.event}, ${ch}, ${s.template})
        on conflict (enterprise_id, event) do update set channels = excluded.channels, template = excluded.template, updated_at = now()`);
}

export interface Robot {
  robotType: number;
  robotUrl: string;
  robotSecret: string;
}
export async function robotOf(ex: Executor, ep: number): Promise<Robot> {
  const [r] = await rows<Robot>(
    ex,
    sql`select robot_type "robotType", robot_url "robotUrl", robot_secret "robotSecret" from notify_robots where enterprise_id = ${ep}`,
  );
  return r ?? { robotType: 1, robotUrl: '', robotSecret: '' };
}

export async function upsertRobot(ex: Executor, ep: number, r: RobotSetting & { keepSecret: boolean }): Promise<void> {
  const secret = r.keepSecret ? sql`notify_robots.robot_secret` : sql`excluded.robot_secret`;
  await ex.execute(sql`insert into notify_robots (enterprise_id, robot_type, robot_url, robot_secret) values (${ep}, ${r.robotType}, ${r.robotUrl}, ${r.robotSecret})
    on conflict (enterprise_id) do update set robot_type = excluded.robot_type, robot_url = excluded.robot_url, robot_secret = ${secret}, updated_at = now()`);
}

/** One page of the enterprise's webhook deliveries, newest first, aliased to the contract's rows. */
export function deliveryPage(ex: Executor, u: Actor, page: { pageIndex: number; pageSize: number }): Promise<DeliveryRow[]> {
  const tz = u.timeZone;
  const t = (c: SQL) => sql`to_char(${c} at time zone ${tz}, 'YYYY-MM-DD HH24:MI:SS')`;
  return rows<DeliveryRow>(
    ex,
    sql`select id::int, order_id::int "orderId", url, status, attempts, last_code "lastCode", last_error "lastError",
              ${t(sql`next_attempt_at`)} "nextAttemptTime", ${t(sql`created_at`)} "createTime"
            from webhook_deliveries where enterprise_id = ${u.enterpriseId} order by id desc ${pageSql(page)}`,
  );
}

export const deliveryCount = (ex: Executor, ep: number): Promise<number> => countOf(ex, sql`webhook_deliveries`, sql`enterprise_id = ${ep}`);

/** Puts a delivery back to pending now; answers whether it was there. */
export async function rearmDelivery(ex: Executor, ep: number, id: number): Promise<boolean> {
  const done = await rows<{ id: number }>(
    ex,
    sql`update webhook_deliveries set status = 0, next_attempt_at = now() where enterprise_id = ${ep} and id = ${id} returning id`,
  );
  return done.length > 0;
}
