import {
  DEFAULT_NOTICE_TEMPLATE,
  type DeliveryRow,
  freeNotice,
  NOTIFY_EVENT_IDS,
  NOTIFY_EVENTS,
  type NotifyEventSetting,
  ORDER_KIND,
  type RobotSetting,
  type RuleAction,
  type RuleInput,
  type RuleRow,
  type TimedEventInput,
  type TimedEventRow,
} from '@sk/shared';
import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { rows } from '../../db/client';
import { AppError, invalid } from '../../platform/errors';
import { enqueue } from '../../platform/jobs';
import { countOf, listPage, pageSql } from '../../platform/list';
import { checkIdsIn } from '../../platform/refs';
import { type Actor, paidPlan, type UserActor } from '../../platform/actor';
import { DELIVER_JOB } from './automation.deliver';

type Kind = 'rule' | 'timed';
const TABLE = { rule: sql`automation_rules`, timed: sql`timed_events` };

/** The order type must be this enterprise's; another's answers not found. */
async function checkTemplate(ex: Executor, ep: number, templateId: number): Promise<void> {
  const t = await rows<{ one: number }>(
    ex,
    sql`select 1 as one from form_templates where enterprise_id = ${ep} and id = ${templateId} and form_kind = ${ORDER_KIND}`,
  );
  if (t.length === 0) throw new AppError('NOT_FOUND');
}

/** People, tags and groups an action or condition names must be this enterprise's. */
async function checkRefs(ex: Executor, u: UserActor, input: RuleInput | TimedEventInput): Promise<void> {
  const ep = u.enterpriseId;
  const users = new Set<number>();
  const tags = new Set<number>(input.conditions.tagIds);
  for (const a of input.actions as RuleAction[]) {
    if (a.type === 'notify' || a.type === 'copy') for (const id of a.userIds) users.add(id);
    if (a.type === 'assign' || a.type === 'visit') users.add(a.userId);
    if (a.type === 'tag') tags.add(a.tagId);
    if (a.type === 'copy' && !paidPlan(u)) throw new AppError('PLAN_FREE', {}, freeNotice('autoCopy'));
  }
  await checkIdsIn(ex, ep, 'users', users, '人员：所选人员不存在或已删除', sql`deleted_at is null`);
  await checkIdsIn(ex, ep, 'tags', tags, '标签：所选工单标签不存在或已删除', sql`code = 3`);
  await checkIdsIn(ex, ep, 'service_groups', input.conditions.serviceGroupIds, '服务组：所选服务组不存在或已删除');
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

/** Adds (no id) or updates a rule or timed event; its references are checked in the same transaction. */
export async function saveItem(db: Db, u: UserActor, kind: Kind, input: RuleInput | TimedEventInput, id?: number): Promise<number> {
  return db.transaction(async (tx) => {
    await checkTemplate(tx, u.enterpriseId, input.templateId);
    await checkRefs(tx, u, input);
    return id == null ? insertItem(tx, u, kind, input) : updateItem(tx, u.enterpriseId, kind, input, id);
  });
}

async function insertItem(ex: Executor, u: Actor, kind: Kind, input: RuleInput | TimedEventInput): Promise<number> {
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

async function updateItem(ex: Executor, ep: number, kind: Kind, input: RuleInput | TimedEventInput, id: number): Promise<number> {
  const set = sql.join(
    columnsOf(kind, input).map(([c, v]) => sql`${c} = ${v}`),
    sql`, `,
  );
  const done = await rows<{ id: number }>(
    ex,
    sql`update ${TABLE[kind]} set ${set}, updated_at = now() where enterprise_id = ${ep} and id = ${id} returning id`,
  );
  if (done.length === 0) throw new AppError('NOT_FOUND');
  return id;
}

export async function deleteItem(db: Db, ep: number, kind: Kind, id: number): Promise<void> {
  const done = await rows<{ id: number }>(db, sql`delete from ${TABLE[kind]} where enterprise_id = ${ep} and id = ${id} returning id`);
  if (done.length === 0) throw new AppError('NOT_FOUND');
}

export async function listItems(db: Db, u: Actor, kind: 'rule', templateId: number): Promise<RuleRow[]>;
export async function listItems(db: Db, u: Actor, kind: 'timed', templateId: number): Promise<TimedEventRow[]>;
export async function listItems(db: Db, u: Actor, kind: Kind, templateId: number): Promise<(RuleRow | TimedEventRow)[]> {
  await checkTemplate(db, u.enterpriseId, templateId);
  const extra = kind === 'timed' ? sql`, amount, unit, condition` : sql``;
  const tz = u.timeZone;
  return rows<RuleRow | TimedEventRow>(
    db,
    sql`select id::int, template_id::int "templateId", name, trigger, enabled, conditions, actions${extra},
          to_char(created_at at time zone ${tz}, 'YYYY-MM-DD HH24:MI:SS') "createTime"
        from ${TABLE[kind]} where enterprise_id = ${u.enterpriseId} and template_id = ${templateId} order by id`,
  );
}

// ---- notification settings ----

/** Every event, with the enterprise's channels and template or the defaults (in-app notice, the default template). */
export async function notifySettingsOf(ex: Executor, ep: number): Promise<(NotifyEventSetting & { name: string })[]> {
  const saved = await rows<{ event: number; channels: string[]; template: string }>(
    ex,
    sql`select event, channels, template from notify_settings where enterprise_id = ${ep}`,
  );
  return NOTIFY_EVENT_IDS.map((event) => {
    const s = saved.find((x) => x.event === event);
    return {
      event,
      name: NOTIFY_EVENTS[event] ?? '',
      channels: (s?.channels ?? ['notice']) as NotifyEventSetting['channels'],
      template: s?.template || DEFAULT_NOTICE_TEMPLATE,
    };
  });
}

export async function saveNotifySettings(db: Db, ep: number, list: NotifyEventSetting[]): Promise<void> {
  const events = list.map((x) => x.event);
  if (new Set(events).size !== events.length) throw invalid('通知设置：同一事件只能设置一次');
  await db.transaction(async (tx) => {
    for (const s of list) {
      const channels = sql`array[${sql.join(
        [...new Set(s.channels)].map((c) => sql`${c}`),
        sql`, `,
      )}]::text[]`;
      const ch = s.channels.length ? channels : sql`'{}'::text[]`;
      await tx.execute(sql`insert into notify_settings (enterprise_id, event, channels, template) values (${ep}, ${s.event}, ${ch}, ${s.template})
        on conflict (enterprise_id, event) do update set channels = excluded.channels, template = excluded.template, updated_at = now()`);
    }
  });
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

export async function saveRobot(db: Db, ep: number, r: RobotSetting & { keepSecret: boolean }): Promise<void> {
  const secret = r.keepSecret ? sql`notify_robots.robot_secret` : sql`excluded.robot_secret`;
  await db.execute(sql`insert into notify_robots (enterprise_id, robot_type, robot_url, robot_secret) values (${ep}, ${r.robotType}, ${r.robotUrl}, ${r.robotSecret})
    on conflict (enterprise_id) do update set robot_type = excluded.robot_type, robot_url = excluded.robot_url, robot_secret = ${secret}, updated_at = now()`);
}

// ---- deliveries ----

export async function listDeliveries(db: Db, u: Actor, pageIndex: number, pageSize: number): Promise<{ list: DeliveryRow[]; count: number }> {
  const ep = u.enterpriseId;
  const tz = u.timeZone;
  const t = (c: ReturnType<typeof sql>) => sql`to_char(${c} at time zone ${tz}, 'YYYY-MM-DD HH24:MI:SS')`;
  const page = { pageIndex, pageSize };
  return listPage(
    page,
    () =>
      rows<DeliveryRow>(
        db,
        sql`select id::int, order_id::int "orderId", url, status, attempts, last_code "lastCode", last_error "lastError",
              ${t(sql`next_attempt_at`)} "nextAttemptTime", ${t(sql`created_at`)} "createTime"
            from webhook_deliveries where enterprise_id = ${ep} order by id desc ${pageSql(page)}`,
      ),
    () => countOf(db, sql`webhook_deliveries`, sql`enterprise_id = ${ep}`),
  );
}

/** Sends a logged delivery again, whatever its state; its attempts count on. */
export async function resend(db: Db, ep: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const done = await rows<{ id: number }>(
      tx,
      sql`update webhook_deliveries set status = 0, next_attempt_at = now() where enterprise_id = ${ep} and id = ${id} returning id`,
    );
    if (done.length === 0) throw new AppError('NOT_FOUND');
    await enqueue(tx, { kind: DELIVER_JOB, enterpriseId: ep, payload: { id }, maxAttempts: 1 });
  });
}
