import type { FeeClaimRow } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rows, type Tx } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { countOf, listPage, type PageRequest, pageSql } from '../../platform/list';
import { apiTime, nextCounter } from '../../platform/sql';
import { type StateLogRow, stateLogs } from './settle.repo';

/** The statements of fee claims (费用申请) and their presenters. Ids and cents are bigint (numbers), the rest as stored. */

/** Finance sees every claim; a provider's user only his provider's. */
export function claimScope(a: Pick<Actor, 'providerId'>, alias = 'c'): SQL {
  if (a.providerId == null) return sql`true`;
  return sql`${sql.identifier(alias)}.provider_id = ${a.providerId}`;
}

/** The claimed order, locked: its state, number, pin and the serving engineer's base. */
export interface ClaimOrder {
  state: number;
  order_no: string;
  lat: number | null;
  lng: number | null;
  base_lat: number | null;
  base_lng: number | null;
}

export async function lockClaimOrder(tx: Tx, a: Pick<Actor, 'enterpriseId' | 'providerId'>, orderId: number): Promise<ClaimOrder | undefined> {
  const [o] = await rows<ClaimOrder>(
    tx,
    sql`select o.state, o.order_no, o.latitude as lat, o.longitude as lng, pp.base_lat, pp.base_lng
        from orders o left join pool_profiles pp on pp.enterprise_id = o.enterprise_id and pp.user_id = o.service_user_id
        where o.enterprise_id = ${a.enterpriseId} and o.id = ${orderId} and o.provider_id = ${a.providerId} and o.deleted_at is null
        for update of o`,
  );
  return o;
}

export interface NewClaim {
  no: string;
  orderId: number;
  providerId: number;
  kind: number;
  amountCents: number;
  claimedM: number | null;
  computedM: number | null;
  computedCents: number;
  tolerance: number;
  over: boolean;
  note: string | null;
  attachments: string[];
}

/** A claim within the tolerance is approved and payable at once; past it, it waits (1). */
export async function insertClaim(tx: Tx, a: Pick<Actor, 'enterpriseId' | 'id'>, c: NewClaim): Promise<number> {
  const [r] = await rows<{ id: number }>(
    tx,
    sql`insert into fee_claims (enterprise_id, claim_no, order_id, provider_id, applicant_id, kind, amount_cents, claimed_m, computed_m, computed_cents,
          tolerance_pct, over_tolerance, note, attachments, state, decided_at, final_cents, payable_at)
        values (${a.enterpriseId}, ${c.no}, ${c.orderId}, ${c.providerId}, ${a.id}, ${c.kind}, ${c.amountCents}, ${c.claimedM}, ${c.computedM}, ${c.computedCents},
          ${c.tolerance}, ${c.over}, ${c.note}, ${JSON.stringify(c.attachments)}::jsonb, ${c.over ? 1 : 2}, ${c.over ? null : sql`now()`},
          ${c.amountCents}, ${c.over ? null : sql`now()`})
        returning id::int`,
  );
  if (!r) throw new Error('insert returned no row');
  return r.id;
}

/** The enterprise's next claim counter value. */
export async function nextClaimCounter(tx: Tx, ep: number): Promise<number> {
  return nextCounter(tx, ep, 'fee_claim');
}

export async function claimStateOf(ex: Executor, ep: number, id: number): Promise<number | undefined> {
  const [s] = await rows<{ state: number }>(ex, sql`select state from fee_claims where enterprise_id = ${ep} and id = ${id}`);
  return s?.state;
}

/** Whether the reason is an enabled item of the dictionary type. */
export async function reasonExists(ex: Executor, ep: number, type: number, name: string): Promise<boolean> {
  const [r] = await rows<{ one: number }>(
    ex,
    sql`select 1 as one from dict_items where enterprise_id = ${ep} and type = ${type} and name = ${name} and enabled`,
  );
  return !!r;
}

/** What the cost check reads of a claim. */
export async function claimAmounts(
  ex: Executor,
  ep: number,
  id: number,
): Promise<{ amount_cents: number; computed_cents: number; check_state: number; version: number } | undefined> {
  const [c] = await rows<{ amount_cents: number; computed_cents: number; check_state: number; version: number }>(
    ex,
    sql`select amount_cents, computed_cents, check_state, version from fee_claims where enterprise_id = ${ep} and id = ${id}`,
  );
  return c;
}

/** A claim as rowSelect reads it. */
export interface ClaimRaw {
  id: number;
  claim_no: string;
  order_id: number;
  order_no: string;
  provider_id: number;
  provider_name: string;
  applicant_name: string | null;
  kind: number;
  amount_cents: number;
  claimed_m: number | null;
  computed_m: number | null;
  computed_cents: number;
  tolerance_pct: number;
  over_tolerance: boolean;
  state: number;
  check_state: number;
  check_choice: number | null;
  check_reason: string | null;
  check_note: string | null;
  final_cents: number;
  note: string | null;
  attachments: string[] | null;
  settle_no: string | null;
  create_time: string;
}

/** The one place a claim becomes the contract's row (the list and the detail's head). */
export const toClaimRow = (r: ClaimRaw): FeeClaimRow => ({
  id: r.id,
  claimNo: r.claim_no,
  orderId: r.order_id,
  orderNo: r.order_no,
  providerId: r.provider_id,
  providerName: r.provider_name,
  applicantName: r.applicant_name ?? '',
  kind: r.kind,
  amountCents: r.amount_cents,
  claimedM: r.claimed_m,
  computedM: r.computed_m,
  computedCents: r.computed_cents,
  tolerancePct: r.tolerance_pct,
  overTolerance: r.over_tolerance,
  state: r.state,
  checkState: r.check_state,
  checkChoice: r.check_choice,
  checkReason: r.check_reason,
  finalCents: r.final_cents,
  note: r.note,
  settleNo: r.settle_no,
  create_time: r.create_time,
});

const rowSelect = (tz: string) => sql`select c.id, c.claim_no, c.order_id, o.order_no, c.provider_id, p.name as provider_name, u.name as applicant_name,
    c.kind, c.amount_cents, c.claimed_m, c.computed_m, c.computed_cents, c.tolerance_pct, c.over_tolerance, c.state, c.check_state, c.check_choice,
    c.check_reason, c.check_note, c.final_cents, c.note, c.attachments,
    (select s.settle_no from settlement_lines l join settlements s on s.enterprise_id = l.enterprise_id and s.id = l.settlement_id
      where l.enterprise_id = c.enterprise_id and l.claim_id = c.id) as settle_no,
    ${apiTime(sql`c.created_at`, tz)} as create_time
  from fee_claims c
  join orders o on o.enterprise_id = c.enterprise_id and o.id = c.order_id
  join service_providers p on p.enterprise_id = c.enterprise_id and p.id = c.provider_id
  left join users u on u.enterprise_id = c.enterprise_id and u.id = c.applicant_id`;

export interface ClaimFilter {
  state?: number;
  providerId?: number | null;
  orderId?: number | null;
  checkState?: number;
}

export function claimPage(ex: Executor, a: Actor, f: ClaimFilter, page: PageRequest): Promise<{ list: FeeClaimRow[]; count: number }> {
  const conds: SQL[] = [sql`c.enterprise_id = ${a.enterpriseId}`, claimScope(a)];
  if (f.state) conds.push(sql`c.state = ${f.state}`);
  if (f.providerId) conds.push(sql`c.provider_id = ${f.providerId}`);
  if (f.orderId) conds.push(sql`c.order_id = ${f.orderId}`);
  if (f.checkState) conds.push(sql`c.check_state = ${f.checkState}`);
  const where = sql.join(conds, sql` and `);
  return listPage(
    page,
    async () => (await rows<ClaimRaw>(ex, sql`${rowSelect(a.timeZone)} where ${where} order by c.created_at desc, c.id desc ${pageSql(page)}`)).map(toClaimRow),
    () => countOf(ex, sql`fee_claims c`, where),
  );
}

export async function claimRaw(ex: Executor, a: Actor, id: number): Promise<ClaimRaw | undefined> {
  const [r] = await rows<ClaimRaw>(ex, sql`${rowSelect(a.timeZone)} where c.enterprise_id = ${a.enterpriseId} and c.id = ${id} and ${claimScope(a)}`);
  return r;
}

/** A claim's log row as the detail shows it (the contract's). */
export type ClaimLogRow = StateLogRow;

/** The claim's state log, oldest first. */
export const claimLogs = (ex: Executor, a: Pick<Actor, 'enterpriseId' | 'timeZone'>, id: number): Promise<ClaimLogRow[]> =>
  stateLogs(ex, a, 'fee_claim_logs', 'claim_id', id);
