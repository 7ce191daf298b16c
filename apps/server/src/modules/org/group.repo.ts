import { textContains } from '../../platform/search';
import { type GroupRow, type PickerRow, SERVICE_GROUP_TYPES } from '@sk/shared';
import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { affected, rows } from '../../db/client';
import { serviceGroupMembers, serviceGroups, users } from '../../db/schema/index';
import { apiTime, whereAll } from './org.common';
import { countOf, pageSql } from '../../platform/list';

export interface GroupFilter {
  type: number;
  searchText?: string;
}

function groupWhere(enterpriseId: number, f: GroupFilter): SQL {
  const parts: SQL[] = [sql`g.enterprise_id = ${enterpriseId}`];
  if (f.type !== -1) parts.push(sql`g.type = ${f.type}`);
  if (f.searchText) parts.push(textContains(sql`g.name`, f.searchText));
  return whereAll(parts);
}

type RawGroup = Omit<GroupRow, 'typeName'>;

const toGroupRow = (r: RawGroup): GroupRow => ({
  ...r,
  id: r.id,
  type: r.type,
  typeName: SERVICE_GROUP_TYPES[r.type as 1 | 2] ?? '',
  leaderId: r.leaderId,
  memberCount: r.memberCount,
});

const groupSelect = (timeZone: string) => sql`select g.id, g.name, g.type, g.leader_id as "leaderId", l.name as leader_name,
    (select count(*) from service_group_members m where m.enterprise_id = g.enterprise_id and m.group_id = g.id)::int as "memberCount",
    g.remark, ${apiTime(sql`g.created_at`, timeZone)} as create_time
  from service_groups g
  left join users l on l.enterprise_id = g.enterprise_id and l.id = g.leader_id`;

export async function list(
  ex: Executor,
  enterpriseId: number,
  timeZone: string,
  f: GroupFilter,
  page: { pageIndex: number; pageSize: number },
): Promise<GroupRow[]> {
  const out = await rows<RawGroup>(
    ex,
    sql`${groupSelect(timeZone)} where ${groupWhere(enterpriseId, f)}
      order by g.id ${pageSql(page)}`,
  );
  return out.map(toGroupRow);
}

export async function count(ex: Executor, enterpriseId: number, f: GroupFilter): Promise<number> {
  return countOf(ex, sql`service_groups g`, groupWhere(enterpriseId, f));
}

export async function one(ex: Executor, enterpriseId: number, timeZone: string, id: number): Promise<GroupRow | null> {
  const [r] = await rows<RawGroup>(ex, sql`${groupSelect(timeZone)} where g.enterprise_id = ${enterpriseId} and g.id = ${id}`);
  return r ? toGroupRow(r) : null;
}

export function simple(ex: Executor, enterpriseId: number): Promise<{ id: number; name: string }[]> {
  return ex
    .select({ id: serviceGroups.id, name: serviceGroups.name })
    .from(serviceGroups)
    .where(eq(serviceGroups.enterpriseId, enterpriseId))
    .orderBy(serviceGroups.id);
}

export async function members(ex: Executor, enterpriseId: number, groupId: number): Promise<PickerRow[]> {
  return rows<PickerRow>(
    ex,
    sql`select u.id, u.name, u.mobile, d.name as department_name
      from service_group_members m
      join users u on u.enterprise_id = m.enterprise_id and u.id = m.user_id
      left join departments d on d.enterprise_id = u.enterprise_id and d.id = u.dept_id
      where m.enterprise_id = ${enterpriseId} and m.group_id = ${groupId} order by u.id`,
  );
}

/** How many of `ids` are users of this enterprise that are not deleted. */
export async function liveUserCount(ex: Executor, enterpriseId: number, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const found = await ex
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.enterpriseId, enterpriseId), inArray(users.id, ids), isNull(users.deletedAt)));
  return found.length;
}

export async function exists(ex: Executor, enterpriseId: number, id: number): Promise<boolean> {
  const [g] = await ex
    .select({ id: serviceGroups.id })
    .from(serviceGroups)
    .where(and(eq(serviceGroups.enterpriseId, enterpriseId), eq(serviceGroups.id, id)));
  return !!g;
}

export async function insertGroup(
  ex: Executor,
  enterpriseId: number,
  v: { name: string; type: number; leaderId?: number | null; remark?: string | null },
): Promise<number> {
  const [g] = await ex
    .insert(serviceGroups)
    .values({ enterpriseId, name: v.name, type: v.type, leaderId: v.leaderId ?? null, remark: v.remark || null })
    .returning({ id: serviceGroups.id });
  return g!.id;
}

/** Sets the given fields (an undefined one is kept). */
export async function updateGroup(
  ex: Executor,
  enterpriseId: number,
  id: number,
  v: { name?: string; type?: number; leaderId?: number | null; remark?: string | null },
): Promise<void> {
  const set = Object.fromEntries(Object.entries({ name: v.name, type: v.type, leaderId: v.leaderId, remark: v.remark }).filter(([, x]) => x !== undefined));
  await ex
    .update(serviceGroups)
    .set({ ...set, updatedAt: sql`now()` })
    .where(and(eq(serviceGroups.enterpriseId, enterpriseId), eq(serviceGroups.id, id)));
}

/** Deletes a team; answers whether it was there. */
export async function deleteGroup(ex: Executor, enterpriseId: number, id: number): Promise<boolean> {
  const gone = await ex
    .delete(serviceGroups)
    .where(and(eq(serviceGroups.enterpriseId, enterpriseId), eq(serviceGroups.id, id)))
    .returning({ id: serviceGroups.id });
  return gone.length > 0;
}

export async function replaceMembers(ex: Executor, enterpriseId: number, groupId: number, userIds: number[]): Promise<void> {
  await ex.delete(serviceGroupMembers).where(and(eq(serviceGroupMembers.enterpriseId, enterpriseId), eq(serviceGroupMembers.groupId, groupId)));
  if (userIds.length) await ex.insert(serviceGroupMembers).values(userIds.map((userId) => ({ enterpriseId, groupId, userId })));
}

/** The leader is always a member too. */
export async function ensureLeaderMember(ex: Executor, enterpriseId: number, groupId: number): Promise<void> {
  await ex.execute(sql`insert into service_group_members (enterprise_id, group_id, user_id)
    select enterprise_id, id, leader_id from service_groups
    where enterprise_id = ${enterpriseId} and id = ${groupId} and leader_id is not null
    on conflict do nothing`);
}

/** Whether the enabled default dispatch sends orders to this team (its settings row locked until commit). */
export async function isDefaultDispatch(ex: Executor, enterpriseId: number, id: number): Promise<boolean> {
  const found = await rows<{ one: number }>(
    ex,
    sql`select 1 as one from dispatch_settings where enterprise_id = ${enterpriseId} and target_group_id = ${id} and enabled and target_type = 2 for update`,
  );
  return found.length > 0;
}

/** A disabled or other-type default dispatch forgets the team, so it can go. */
export async function forgetDefaultDispatch(ex: Executor, enterpriseId: number, id: number): Promise<void> {
  await ex.execute(sql`update dispatch_settings set target_group_id = null where enterprise_id = ${enterpriseId} and target_group_id = ${id}`);
}

/** Hands the teams `fromId` leads over to `toId`; answers how many. */
export async function moveLeadership(ex: Executor, enterpriseId: number, fromId: number, toId: number): Promise<number> {
  const moved = await ex
    .update(serviceGroups)
    .set({ leaderId: toId, updatedAt: sql`now()` })
    .where(and(eq(serviceGroups.enterpriseId, enterpriseId), eq(serviceGroups.leaderId, fromId)))
    .returning({ id: serviceGroups.id });
  return moved.length;
}

/** Puts `toId` in every team `fromId` is a member of and takes `fromId` out; answers how many memberships moved. */
export async function moveMemberships(ex: Executor, enterpriseId: number, fromId: number, toId: number): Promise<number> {
  await ex.execute(sql`insert into service_group_members (enterprise_id, group_id, user_id)
    select enterprise_id, group_id, ${toId} from service_group_members
    where enterprise_id = ${enterpriseId} and user_id = ${fromId}
    on conflict do nothing`);
  return affected(ex, sql`delete from service_group_members where enterprise_id = ${enterpriseId} and user_id = ${fromId}`);
}
