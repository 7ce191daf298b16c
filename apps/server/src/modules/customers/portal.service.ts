import type { HomeAccount } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { rows } from '../../db/client';
import { hashPassword } from '../../platform/crypto';
import { assertNewPassword } from '../../platform/passwords';
import { AppError } from '../../platform/errors';
import { isUniqueViolation } from '../../platform/sql';
import { customerScope, editableCustomer } from './common';
import { likePattern } from '../../platform/search';
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
  if (f.keyword) c.push(sql`(h.name ilike ${likePattern(f.keyword)} or h.mobile like ${likePattern(f.keyword)})`);
  if (f.customerId) c.push(sql`h.customer_id = ${f.customerId}`);
  if (f.enabled) c.push(sql`h.enabled = ${f.enabled === '1'}`);
  return c;
}

const NEWEST = sql`h.created_at desc, h.id desc`;

export async function listAccounts(
  ex: Executor,
  v: Actor,
  f: AccountFilters,
  page: { pageIndex: number; pageSize: number },
): Promise<{ list: HomeAccount[]; count: number }> {
  const list = await rows<{
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
  }>(
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
  return {
    list: list.map((r) => ({
      id: Number(r.id),
      customerId: Number(r.customer_id),
      customerName: r.customer_name,
      linkPersonId: r.link_person_id == null ? null : Number(r.link_person_id),
      name: r.name,
      mobile: r.mobile,
      enabled: r.enabled,
      last_login_time: r.last_login_time,
      createUserName: r.create_user_name,
      create_time: r.create_time,
    })),
    count: n,
  };
}

export interface AccountBody {
  id?: number | null;
  customerId: number;
  linkPersonId?: number | null;
  name: string;
  mobile: string;
  password?: string;
}

/** Creates (password required, stored hashed) or updates a portal account; one mobile per enterprise. */
export async function saveAccount(db: Db, v: Actor, b: AccountBody): Promise<number> {
  if (!b.id && !b.password) throw new AppError('VALIDATION', { detail: '密码：请输入密码' });
  if (b.password) assertNewPassword(b.password);
  const hash = b.password ? await hashPassword(b.password) : null;
  try {
    return await db.transaction(async (tx) => {
      await editableCustomer(tx, v, b.customerId);
      if (b.linkPersonId) {
        const [k] = await rows<{ id: number }>(
          tx,
          sql`select id from customer_contacts where enterprise_id = ${v.enterpriseId} and id = ${b.linkPersonId} and customer_id = ${b.customerId}`,
        );
        if (!k) throw new AppError('VALIDATION', { detail: '联系人：该联系人不属于所选客户' });
      }
      if (b.id) {
        const [cur] = await rows<{ customer_id: number }>(tx, sql`select h.customer_id from home_accounts h where ${and(conds(v, {}))} and h.id = ${b.id}`);
        if (!cur) throw new AppError('NOT_FOUND');
        await editableCustomer(tx, v, Number(cur.customer_id));
        await tx.execute(sql`update home_accounts set customer_id = ${b.customerId}, link_person_id = ${b.linkPersonId ?? null}, name = ${b.name},
            mobile = ${b.mobile}, password_hash = coalesce(${hash}, password_hash), updated_at = now()
          where enterprise_id = ${v.enterpriseId} and id = ${b.id}`);
        return b.id;
      }
      const [r] = await rows<{ id: number }>(
        tx,
        sql`insert into home_accounts (enterprise_id, customer_id, link_person_id, name, mobile, password_hash, created_by)
          values (${v.enterpriseId}, ${b.customerId}, ${b.linkPersonId ?? null}, ${b.name}, ${b.mobile}, ${hash}, ${v.id}) returning id`,
      );
      return Number(r?.id);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('MOBILE_TAKEN');
    throw err;
  }
}

/** All ids must be accounts of customers the viewer may edit. */
async function editableAccounts(ex: Executor, v: Actor, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  const found = await rows<{ customer_id: number }>(
    ex,
    sql`select h.customer_id from home_accounts h where ${and(conds(v, {}))} and h.id = any(${bigints(unique)})`,
  );
  if (found.length !== unique.length) throw new AppError('NOT_FOUND');
  for (const c of new Set(found.map((r) => Number(r.customer_id)))) await editableCustomer(ex, v, c);
  return unique;
}

export async function setAccountsEnabled(db: Db, v: Actor, ids: number[], enabled: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    const unique = await editableAccounts(tx, v, ids);
    await tx.execute(
      sql`update home_accounts set enabled = ${enabled}, updated_at = now() where enterprise_id = ${v.enterpriseId} and id = any(${bigints(unique)})`,
    );
  });
}

export async function resetAccountPassword(db: Db, v: Actor, id: number, password: string): Promise<void> {
  assertNewPassword(password);
  const hash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await editableAccounts(tx, v, [id]);
    await tx.execute(sql`update home_accounts set password_hash = ${hash}, updated_at = now() where enterprise_id = ${v.enterpriseId} and id = ${id}`);
  });
}

export async function deleteAccounts(db: Db, v: Actor, ids: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    const unique = await editableAccounts(tx, v, ids);
    await tx.execute(sql`delete from home_accounts where enterprise_id = ${v.enterpriseId} and id = any(${bigints(unique)})`);
  });
}
