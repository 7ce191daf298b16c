// The portal accounts' statements: typed rows, one presenter (toHomeAccount). The service holds the rules.
import { likePattern, textContains } from '../../platform/search';
import type { HomeAccount } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rows } from '../../db/client';
import { customerScope } from './common';
import { and, bigints, timeOf } from '../../platform/sql';
import { countOf } from '../../platform/list';
import { listPageRows } from '../../platform/list.snapshot';
import type { Actor } from '../../platform/actor';

export interface AccountFilters {
  keyword?: string;
  customerId?: number | null;
  enabled?: '0' | '1';
}

function conds(v: Actor, f: AccountFilters): SQL[] {
  const c: SQL[] = [sql`h.enterprise_id = ${v.enterpriseId}`, customerScope(v, sql`h.customer_id`)];
  if (f.keyword) c.push(sql`(${textContains(sql`h.name`, f.keyword)} or h.mobile like ${likePattern(f.keyword)})`);
  if (f.customerId) c.push(sql`h.customer_id = ${f.customerId}`);
  if (f.enabled) c.push(sql`h.enabled = ${f.enabled === '1'}`);
  return c;
}

const NEWEST = sql`h.created_at desc, h.id desc`;

interface Raw {
  id: number;
  customer_id: number;
  customer_name: string;
  link_person_id: number | null;
  name: string;
  mobile: string;
  enabled: boolean;
  last_login_time: string | null;
  create_user_name: string | null;
  create_time: string;
}

/** A portal account as the contract shows it. */
export const toHomeAccount = (r: Raw): HomeAccount => ({
  id: r.id,
  customerId: r.customer_id,
  customerName: r.customer_name,
  linkPersonId: r.link_person_id,
  name: r.name,
  mobile: r.mobile,
  enabled: r.enabled,
  last_login_time: r.last_login_time,
  createUserName: r.create_user_name,
  create_time: r.create_time,
});

export async function listAccounts(
  ex: Executor,
  v: Actor,
  f: AccountFilters,
  page: { pageIndex: number; pageSize: number },
): Promise<{ list: HomeAccount[]; count: number }> {
  const list = await rows<Raw>(
    ex,
    sql`select h.id, h.customer_id, c.name as customer_name, h.link_person_id, h.name, h.mobile, h.enabled,
        case when h.last_login_at is null then null else ${timeOf(sql`h.last_login_at`, v)} end as last_login_time,
        u.name as create_user_name, ${timeOf(sql`h.created_at`, v)} as create_time
      from (${await listPageRows(ex, Boolean(f.keyword), 'home_accounts', 'h', v.enterpriseId, and(conds(v, f)), NEWEST, page)}) h
      join customers c on c.enterprise_id = h.enterprise_id and c.id = h.customer_id
      left join users u on u.enterprise_id = h.enterprise_id and u.id = h.created_by
      order by ${NEWEST}`,
  );
  const n = await countOf(ex, sql`home_accounts h`, and(conds(v, f)));
  return { list: list.map(toHomeAccount), count: n };
}

/** Whether the contact is the customer's. */
export const contactOfCustomer = async (ex: Executor, ep: number, contactId: number, customerId: number): Promise<boolean> =>
  (await rows<{ id: number }>(ex, sql`select id from customer_contacts where enterprise_id = ${ep} and id = ${contactId} and customer_id = ${customerId}`))
    .length > 0;

/** The customers of the accounts in the viewer's scope (one row per account found). */
export const accountCustomers = (ex: Executor, v: Actor, ids: number[]) =>
  rows<{ customer_id: number }>(ex, sql`select h.customer_id from home_accounts h where ${and(conds(v, {}))} and h.id = any(${bigints(ids)})`);

/** The account's customer, in the viewer's scope. */
export async function accountCustomer(ex: Executor, v: Actor, id: number): Promise<number | undefined> {
  const [cur] = await rows<{ customer_id: number }>(ex, sql`select h.customer_id from home_accounts h where ${and(conds(v, {}))} and h.id = ${id}`);
  return cur?.customer_id;
}

export interface AccountValues {
  customerId: number;
  linkPersonId: number | null;
  name: string;
  mobile: string;
  hash: string | null;
}

/** Updates the account; a null hash keeps its password. */
export const updateAccount = (ex: Executor, ep: number, id: number, b: AccountValues) =>
  ex.execute(sql`update home_accounts set customer_id = ${b.customerId}, link_person_id = ${b.linkPersonId}, name = ${b.name},
            mobile = ${b.mobile}, password_hash = coalesce(${b.hash}, password_hash), updated_at = now()
          where enterprise_id = ${ep} and id = ${id}`);

export async function insertAccount(ex: Executor, a: Pick<Actor, 'id' | 'enterpriseId'>, b: AccountValues): Promise<number> {
  const [r] = await rows<{ id: number }>(
    ex,
    sql`insert into home_accounts (enterprise_id, customer_id, link_person_id, name, mobile, password_hash, created_by)
          values (${a.enterpriseId}, ${b.customerId}, ${b.linkPersonId}, ${b.name}, ${b.mobile}, ${b.hash}, ${a.id}) returning id`,
  );
  return (r as { id: number }).id;
}

export const setEnabled = (ex: Executor, ep: number, ids: number[], enabled: boolean) =>
  ex.execute(sql`update home_accounts set enabled = ${enabled}, updated_at = now() where enterprise_id = ${ep} and id = any(${bigints(ids)})`);

export const setPasswordHash = (ex: Executor, ep: number, id: number, hash: string) =>
  ex.execute(sql`update home_accounts set password_hash = ${hash}, updated_at = now() where enterprise_id = ${ep} and id = ${id}`);

export const deleteAccountRows = (ex: Executor, ep: number, ids: number[]) =>
  ex.execute(sql`delete from home_accounts where enterprise_id = ${ep} and id = any(${bigints(ids)})`);
