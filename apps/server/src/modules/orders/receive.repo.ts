// The collection accounts (收款账户) and the order types each serves (receive_payment_templates).
import type { ReceiveAccountRow } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { type Executor, rows, type Tx } from '../../db/client';
import { bigints } from '../../platform/sql';

/** An account as the list reads it; the driver gives the bigint[] of type ids as text. */
type AccountRaw = {
  id: number;
  name: string;
  method: number;
  account: string;
  enabled: boolean;
  template_ids: string[];
  template_names: string[];
};

export const toReceiveAccountRow = (x: AccountRaw): ReceiveAccountRow => ({
  id: x.id,
  name: x.name,
  method: x.method,
  account: x.account,
  enabled: x.enabled === true,
  templateIds: x.template_ids.map(Number),
  templateNames: x.template_names,
});

/** The enterprise's accounts in their order, with the order types each serves. */
export async function accountRows(ex: Executor, enterpriseId: number): Promise<ReceiveAccountRow[]> {
  const r = await rows<AccountRaw>(
    ex,
    sql`select a.id, a.name, a.method, a.account, a.enabled,
        coalesce(array_agg(t.id order by t.sort, t.id) filter (where t.id is not null), '{}') as template_ids,
        coalesce(array_agg(t.name order by t.sort, t.id) filter (where t.id is not null), '{}') as template_names
      from receive_payments a
      left join receive_payment_templates l on l.enterprise_id = a.enterprise_id and l.receive_payment_id = a.id
      left join form_templates t on t.enterprise_id = l.enterprise_id and t.id = l.template_id
      where a.enterprise_id = ${enterpriseId} group by a.enterprise_id, a.id order by a.sort, a.id`,
  );
  return r.map(toReceiveAccountRow);
}

/** Whether the order type exists. */
export async function orderTypeExists(ex: Executor, enterpriseId: number, templateId: number): Promise<boolean> {
  const [t] = await rows<{ one: number }>(
    ex,
    sql`select 1 as one from form_templates where enterprise_id = ${enterpriseId} and id = ${templateId} and form_kind = 1`,
  );
  return !!t;
}

/** The enabled accounts serving the order type (accounts linked to no type serve all), in their order. */
export function accountsServing(
  ex: Executor,
  enterpriseId: number,
  templateId: number,
): Promise<{ id: number; name: string; method: number; account: string }[]> {
  return rows<{ id: number; name: string; method: number; account: string }>(
    ex,
    sql`select a.id, a.name, a.method, a.account from receive_payments a
      where a.enterprise_id = ${enterpriseId} and a.enabled
        and (exists (select 1 from receive_payment_templates l where l.enterprise_id = a.enterprise_id and l.receive_payment_id = a.id and l.template_id = ${templateId})
          or not exists (select 1 from receive_payment_templates l where l.enterprise_id = a.enterprise_id and l.receive_payment_id = a.id))
      order by a.sort, a.id`,
  );
}

/**
 * Holds the account (FOR SHARE) for a collection into it: its delete waits for the collection's commit, and a
 * collection that waited for a delete's commit finds it gone (the caller then reads the account afresh).
 */
export async function shareAccount(tx: Tx, enterpriseId: number, id: number): Promise<boolean> {
  const r = await rows<{ one: number }>(tx, sql`select 1 as one from receive_payments where enterprise_id = ${enterpriseId} and id = ${id} for share`);
  return r.length > 0;
}

/** How many of the ids are order types of the enterprise. */
export async function orderTypesFound(tx: Tx, enterpriseId: number, ids: readonly number[]): Promise<number | undefined> {
  const [n] = await rows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from form_templates where enterprise_id = ${enterpriseId} and form_kind = 1 and id = any(${bigints(ids)})`,
  );
  return n?.n;
}

/** An account's fields as saved. */
export type AccountFields = { name: string; method: number; account: string | null; enabled: boolean };

/** Updates the account and unlinks its order types; false when it is not the enterprise's. */
export async function updateAccount(tx: Tx, enterpriseId: number, id: number, b: AccountFields): Promise<boolean> {
  const r = await rows<{ id: number }>(
    tx,
    sql`update receive_payments set name = ${b.name}, method = ${b.method}, account = ${b.account ?? ''}, enabled = ${b.enabled}
          where enterprise_id = ${enterpriseId} and id = ${id} returning id`,
  );
  if (r.length === 0) return false;
  await tx.execute(sql`delete from receive_payment_templates where enterprise_id = ${enterpriseId} and receive_payment_id = ${id}`);
  return true;
}

/** Inserts the account last in the order; answers its id. */
export async function insertAccount(tx: Tx, enterpriseId: number, b: AccountFields): Promise<number> {
  const [r] = await rows<{ id: number }>(
    tx,
    sql`insert into receive_payments (enterprise_id, name, method, account, enabled, sort)
            values (${enterpriseId}, ${b.name}, ${b.method}, ${b.account ?? ''}, ${b.enabled},
              (select coalesce(max(sort), 0) + 1 from receive_payments where enterprise_id = ${enterpriseId})) returning id`,
  );
  return (r as { id: number }).id;
}

/** Links the account to the order types. */
export async function linkAccountTypes(tx: Tx, enterpriseId: number, id: number, ids: readonly number[]): Promise<void> {
  await tx.execute(sql`insert into receive_payment_templates (enterprise_id, receive_payment_id, template_id)
          select ${enterpriseId}, ${id}, t from unnest(${bigints(ids)}) t`);
}

/** Whether an order was paid into any of the accounts. */
export async function accountsUsed(tx: Tx, enterpriseId: number, ids: readonly number[]): Promise<boolean> {
  const [used] = await rows<{ one: number }>(
    tx,
    sql`select 1 as one from orders where enterprise_id = ${enterpriseId} and receive_payment_id = any(${bigints(ids)}) limit 1`,
  );
  return !!used;
}

/** Deletes the accounts; answers how many were deleted. */
export async function deleteAccountRows(tx: Tx, enterpriseId: number, ids: readonly number[]): Promise<number> {
  const r = await rows<{ id: number }>(tx, sql`delete from receive_payments where enterprise_id = ${enterpriseId} and id = any(${bigints(ids)}) returning id`);
  return r.length;
}
