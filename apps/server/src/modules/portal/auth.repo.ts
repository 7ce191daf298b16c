// The statements of the portal's sign-in (portal.auth.ts): accounts by mobile, login links, sessions, passwords.
import { sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';

/** A portal account a mobile may sign in as, with its enterprise's name. */
export interface Candidate {
  id: number;
  enterprise_id: number;
  enterprise_name: string;
  customer_id: number;
  enabled: boolean;
  password_hash: string;
}

/** Every account of a mobile, by enterprise. */
export const candidates = (ex: Executor, mobile: string) =>
  rows<Candidate>(
    ex,
    sql`select h.id::int, h.enterprise_id::int, e.name as enterprise_name, h.customer_id::int, h.enabled, h.password_hash
      from home_accounts h join enterprises e on e.id = h.enterprise_id where h.mobile = ${mobile} order by h.enterprise_id`,
  );

/** One account, or undefined. */
export async function candidateOf(ex: Executor, enterpriseId: number, accountId: number): Promise<Candidate | undefined> {
  const [c] = await rows<Candidate>(
    ex,
    sql`select h.id::int, h.enterprise_id::int, e.name as enterprise_name, h.customer_id::int, h.enabled, h.password_hash
      from home_accounts h join enterprises e on e.id = h.enterprise_id where h.enterprise_id = ${enterpriseId} and h.id = ${accountId}`,
  );
  return c;
}

export const dropSession = (ex: Executor, tokenHash: string) => ex.execute(sql`delete from portal_sessions where id = ${tokenHash}`);

export const touchLogin = (ex: Executor, c: Candidate) =>
  ex.execute(sql`update home_accounts set last_login_at = now() where enterprise_id = ${c.enterprise_id} and id = ${c.id}`);

/** One link request of an account at a time, till the transaction ends. */
export const lockAccountLinks = (ex: Executor, accountId: number) => ex.execute(sql`select pg_advisory_xact_lock(7310, ${accountId}::int)`);

/** Whether the account was sent a link in the last `seconds`. */
export async function linkSentWithin(ex: Executor, c: Candidate, seconds: number): Promise<boolean> {
  const [recent] = await rows<{ n: number }>(
    ex,
    sql`select count(*)::int as n from portal_login_tokens where enterprise_id = ${c.enterprise_id} and account_id = ${c.id}
          and created_at > now() - make_interval(secs => ${seconds})`,
  );
  return (recent?.n ?? 0) > 0;
}

export const insertLoginToken = (ex: Executor, c: Candidate, tokenHash: string, minutes: number) =>
  ex.execute(sql`insert into portal_login_tokens (enterprise_id, account_id, token_hash, expires_at)
        values (${c.enterprise_id}, ${c.id}, ${tokenHash}, now() + make_interval(mins => ${minutes}))`);

/** Removes a link whose text was never delivered. */
export const dropLoginToken = (ex: Executor, c: Candidate, tokenHash: string) =>
  ex.execute(sql`delete from portal_login_tokens where enterprise_id = ${c.enterprise_id} and account_id = ${c.id} and token_hash = ${tokenHash}`);

/** Spends a live link in one guarded update: its account, or undefined when unknown, spent or expired. */
export async function spendLoginToken(ex: Executor, tokenHash: string) {
  const [k] = await rows<{ enterprise_id: number; account_id: number }>(
    ex,
    sql`update portal_login_tokens set used_at = now() where token_hash = ${tokenHash} and used_at is null and expires_at > now()
      returning enterprise_id::int, account_id::int`,
  );
  return k;
}

/** An enabled account's password hash, or undefined. */
export async function passwordHashOf(ex: Executor, enterpriseId: number, accountId: number): Promise<string | undefined> {
  const [a] = await rows<{ password_hash: string }>(
    ex,
    sql`select password_hash from home_accounts where enterprise_id = ${enterpriseId} and id = ${accountId} and enabled`,
  );
  return a?.password_hash;
}

export const setPasswordHash = (ex: Executor, enterpriseId: number, accountId: number, hash: string) =>
  ex.execute(sql`update home_accounts set password_hash = ${hash}, updated_at = now() where enterprise_id = ${enterpriseId} and id = ${accountId}`);

/** Ends every session of the account but `sessionId`. */
export const dropOtherSessions = (ex: Executor, enterpriseId: number, accountId: number, sessionId: string) =>
  ex.execute(sql`delete from portal_sessions where enterprise_id = ${enterpriseId} and account_id = ${accountId} and id <> ${sessionId}`);
