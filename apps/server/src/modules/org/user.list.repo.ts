import { type PickerRow, roleName, type UserFilters, type UserRow } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rows } from '../../db/client';
import { LIST_WINDOW } from '@sk/shared';
import { countOf, fitsWindow, type PageRequest, pageSql, sortedMatches, windowOf } from '../../platform/list';
import { searchPageIds } from '../../platform/list.snapshot';
import { contains, prefixPattern } from '../../platform/search';
import { subtreeSql } from './dept.repo';
import { apiTime, whereAll } from './org.common';

interface RawUser {
  id: number;
  name: string;
  mobile: string;
  avatar: string | null;
  email: string | null;
  job_number: string | null;
  dept_id: number | null;
  department_name: string | null;
  roles: number[] | null;
  admin: boolean;
  enabled: boolean;
  user_type: number;
  provider_id: number | null;
  provider_name: string | null;
  create_time: string;
}

export function toUserRow(r: RawUser): UserRow {
  const roles = r.roles ?? [];
  return {
    id: r.id,
    name: r.name,
    mobile: r.mobile,
    avatar: r.avatar,
    email: r.email,
    jobNumber: r.job_number,
    deptId: r.dept_id,
    department_name: r.department_name,
    roles,
    roleNames: roles.map(roleName).join('、'),
    admin: r.admin,
    enabled: r.enabled,
    userType: r.user_type,
    providerId: r.provider_id,
    provider_name: r.provider_name,
    create_time: r.create_time,
  };
}

const userSelect = (timeZone: string) => sql`select u.id, u.name, u.mobile, u.avatar, u.email, u.job_number, u.dept_id,
    d.name as department_name, u.roles, u.admin, u.enabled, u.user_type, u.provider_id, p.name as provider_name,
    ${apiTime(sql`u.created_at`, timeZone)} as create_time
  from users u
  left join departments d on d.enterprise_id = u.enterprise_id and d.id = u.dept_id
  left join service_providers p on p.enterprise_id = u.enterprise_id and p.id = u.provider_id`;

/** Name contains the keyword (GIN on the generated search_grams, rechecked) or the mobile starts with it (btree). */
const keywordSql = (keyword: string): SQL => sql`(${contains(sql`u.search_grams`, sql`u.name`, keyword)} or u.mobile like ${prefixPattern(keyword)})`;

/** The list filters as SQL; always scoped to the enterprise and to users not deleted. */
export function userWhere(enterpriseId: number, f: UserFilters): SQL {
  const parts: SQL[] = [sql`u.enterprise_id = ${enterpriseId}`, sql`u.deleted_at is null`];
  if (f.keyword) parts.push(keywordSql(f.keyword));
  if (f.deptId) parts.push(sql`u.dept_id in (${subtreeSql(enterpriseId, f.deptId)})`);
  if (f.role) parts.push(sql`u.roles @> array[${f.role}]::smallint[]`);
  if (f.enabled !== undefined) parts.push(sql`u.enabled = ${f.enabled}`);
  if (f.userType !== undefined) parts.push(sql`u.user_type = ${f.userType}`);
  if (f.providerId) parts.push(sql`u.provider_id = ${f.providerId}`);
  return whereAll(parts);
}

/** A broad keyword (past the window) or a role is walked along users_list_idx row by row. */
const walked = (f: { keyword?: string; role?: number }, matches: number | undefined): boolean =>
  Boolean(f.role) || (Boolean(f.keyword) && !(matches !== undefined && fitsWindow(matches)));

/**
 * The ids of a page, newest (or oldest) first: for a keyword whose matches fit the window (`matches`, the list's count),
 * by sorting the matches the GIN and mobile-prefix indexes find; otherwise by walking users_list_idx (index-only), a
 * walked filter's later pages from the search's snapshot (searchPageIds).
 */
async function pageIds(
  ex: Executor,
  enterpriseId: number,
  where: SQL,
  f: { keyword?: string; role?: number },
  matches: number | undefined,
  page: PageRequest,
  newest = true,
): Promise<SQL> {
  const order = newest ? sql`id desc` : sql`id`;
  if (f.keyword && matches !== undefined && fitsWindow(matches)) return sortedMatches(sql`select u.id from users u where ${where}`, order, page);
  // A walked filter, or any page past the window (a keyset seek there).
  if (walked(f, matches) || windowOf(page).offset + page.pageSize > LIST_WINDOW)
    return searchPageIds(ex, 'users', 'u', enterpriseId, where, sql`u.${order}`, page);
  return sql`select u.id from users u where ${where} order by u.${order} ${pageSql(page)}`;
}

/** A page of the user list, newest first: the page's ids (pageIds), then their rows. */
export async function listUsers(ex: Executor, enterpriseId: number, timeZone: string, f: UserFilters, page: PageRequest, matches?: number): Promise<UserRow[]> {
  const ids = await pageIds(ex, enterpriseId, userWhere(enterpriseId, f), f, matches, page);
  const list = await rows<RawUser>(ex, sql`${userSelect(timeZone)} where u.enterprise_id = ${enterpriseId} and u.id in (${ids}) order by u.id desc`);
  return list.map(toUserRow);
}

/** The user list's count, capped at the list window. */
export const countUsers = (ex: Executor, enterpriseId: number, f: UserFilters): Promise<number> => countOf(ex, sql`users u`, userWhere(enterpriseId, f));

/** One user (deleted ones too: detail pages of old records still open). */
export async function userById(
  ex: Executor,
  enterpriseId: number,
  timeZone: string,
  id: number,
): Promise<(UserRow & { hasPassword: boolean; statusTagId: number | null; deleted: boolean }) | null> {
  const [r] = await rows<RawUser & { has_password: boolean; status_tag_id: number | null; deleted: boolean }>(
    ex,
    sql`select q.*, x.password_hash is not null as has_password, x.status_tag_id, x.deleted_at is not null as deleted
      from (${userSelect(timeZone)} where u.enterprise_id = ${enterpriseId} and u.id = ${id}) q
      join users x on x.enterprise_id = ${enterpriseId} and x.id = q.id`,
  );
  if (!r) return null;
  return { ...toUserRow(r), hasPassword: r.has_password, statusTagId: r.status_tag_id, deleted: r.deleted };
}

export async function groupsOfUser(ex: Executor, enterpriseId: number, userId: number): Promise<{ id: number; name: string; leader: boolean }[]> {
  return rows<{ id: number; name: string; leader: boolean }>(
    ex,
    sql`select g.id, g.name, coalesce(g.leader_id = ${userId}, false) as leader from service_groups g
      where g.enterprise_id = ${enterpriseId}
        and (g.leader_id = ${userId} or exists (select 1 from service_group_members m
             where m.enterprise_id = ${enterpriseId} and m.group_id = g.id and m.user_id = ${userId}))
      order by g.id`,
  );
}

/** Picker filters: enabled, non-deleted users, optionally holding a role. */
function pickerWhere(enterpriseId: number, f: { keyword?: string; role?: number }): SQL {
  const parts: SQL[] = [sql`u.enterprise_id = ${enterpriseId}`, sql`u.deleted_at is null`, sql`u.enabled`];
  if (f.keyword) parts.push(keywordSql(f.keyword));
  if (f.role) parts.push(sql`u.roles @> array[${f.role}]::smallint[]`);
  return whereAll(parts);
}

export async function pickUsers(
  ex: Executor,
  enterpriseId: number,
  f: { keyword?: string; role?: number },
  page: PageRequest,
  matches?: number,
): Promise<PickerRow[]> {
  return rows<PickerRow>(
    ex,
    sql`select u.id, u.name, u.mobile, d.name as department_name from users u
      left join departments d on d.enterprise_id = u.enterprise_id and d.id = u.dept_id
      where u.enterprise_id = ${enterpriseId} and u.id in (${await pageIds(ex, enterpriseId, pickerWhere(enterpriseId, f), f, matches, page, false)})
      order by u.id`,
  );
}

export const countPickable = (ex: Executor, enterpriseId: number, f: { keyword?: string; role?: number }): Promise<number> =>
  countOf(ex, sql`users u`, pickerWhere(enterpriseId, f));

/** Names for ids, deleted and disabled users included (old records still name them). */
export async function namesOf(ex: Executor, enterpriseId: number, ids: number[]): Promise<{ id: number; name: string }[]> {
  if (ids.length === 0) return [];
  return rows<{ id: number; name: string }>(
    ex,
    sql`select id, name from users where enterprise_id = ${enterpriseId}
      and id in (${sql.join(
        ids.map((i) => sql`${i}`),
        sql`, `,
      )}) order by id`,
  );
}
