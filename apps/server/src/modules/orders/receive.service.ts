import type { ReceiveAccountRow } from '@sk/shared';
import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { rows } from '../../db/client';
import { AppError } from '../../platform/errors';
import { bigints } from '../../platform/sql';
import { isUniqueViolation } from '../forms/forms.repo';

/** The collection accounts (收款账户) of the enterprise and the order types each serves. */

interface SaveInput {
  id?: number;
  name: string;
  method: number;
  account: string | null;
  enabled: boolean;
  templateIds: number[];
}

export async function listAccounts(ex: Executor, enterpriseId: number): Promise<ReceiveAccountRow[]> {
  const r = await rows<Record<string, unknown>>(
    ex,
    sql`select a.id, a.name, a.method, a.account, a.enabled,
        coalesce(array_agg(t.id order by t.sort, t.id) filter (where t.id is not null), '{}') as template_ids,
        coalesce(array_agg(t.name order by t.sort, t.id) filter (where t.id is not null), '{}') as template_names
      from receive_payments a
      left join receive_payment_templates l on l.enterprise_id = a.enterprise_id and l.receive_payment_id = a.id
      left join form_templates t on t.enterprise_id = l.enterprise_id and t.id = l.template_id
      where a.enterprise_id = ${enterpriseId} group by a.enterprise_id, a.id order by a.sort, a.id`,
  );
  return r.map((x) => ({
    id: Number(x.id),
    name: String(x.name),
    method: Number(x.method),
    account: String(x.account),
    enabled: x.enabled === true,
    templateIds: (x.template_ids as (string | number)[]).map(Number),
    templateNames: (x.template_names as string[]).map(String),
  }));
}

/** GET /receive/list/orderTmpl: the enabled accounts of one order type (accounts linked to no type serve all). */
export async function accountsOfTemplate(ex: Executor, enterpriseId: number, templateId: number) {
  const [t] = await rows(ex, sql`select 1 from form_templates where enterprise_id = ${enterpriseId} and id = ${templateId} and form_kind = 1`);
  if (!t) throw new AppError('NOT_FOUND');
  const r = await rows<{ id: number; name: string; method: number; account: string }>(
    ex,
    sql`select a.id, a.name, a.method, a.account from receive_payments a
      where a.enterprise_id = ${enterpriseId} and a.enabled
        and (exists (select 1 from receive_payment_templates l where l.enterprise_id = a.enterprise_id and l.receive_payment_id = a.id and l.template_id = ${templateId})
          or not exists (select 1 from receive_payment_templates l where l.enterprise_id = a.enterprise_id and l.receive_payment_id = a.id))
      order by a.sort, a.id`,
  );
  return r.map((a) => ({ name: a.name, fk_t_ep_receive_payment_id: Number(a.id), method: Number(a.method), account: a.account }));
}

/** A collection account the order of `templateId` may be paid into, or NOT_FOUND (for the collection action). */
export async function accountForOrder(ex: Executor, enterpriseId: number, templateId: number, accountId: number) {
  const found = (await accountsOfTemplate(ex, enterpriseId, templateId)).find((a) => a.fk_t_ep_receive_payment_id === accountId);
  if (!found) throw new AppError('VALIDATION', { detail: '收款账户：收款账户不存在或不适用于该工单类型' });
  return found;
}

export async function saveAccount(db: Db, enterpriseId: number, b: SaveInput): Promise<number> {
  try {
    return await db.transaction(async (tx) => {
      const ids = [...new Set(b.templateIds)];
      if (ids.length) {
        const [n] = await rows<{ n: number }>(
          tx,
          sql`select count(*)::int as n from form_templates where enterprise_id = ${enterpriseId} and form_kind = 1 and id = any(${bigints(ids)})`,
        );
        if (Number(n?.n) !== ids.length) throw new AppError('VALIDATION', { detail: '适用工单类型：工单类型不存在或已被删除' });
      }
      let id = b.id;
      if (id) {
        const r = await rows(
          tx,
          sql`update receive_payments set name = ${b.name}, method = ${b.method}, account = ${b.account ?? ''}, enabled = ${b.enabled}
          where enterprise_id = ${enterpriseId} and id = ${id} returning id`,
        );
        if (r.length === 0) throw new AppError('NOT_FOUND');
        await tx.execute(sql`delete from receive_payment_templates where enterprise_id = ${enterpriseId} and receive_payment_id = ${id}`);
      } else {
        const [r] = await rows<{ id: number }>(
          tx,
          sql`insert into receive_payments (enterprise_id, name, method, account, enabled, sort)
            values (${enterpriseId}, ${b.name}, ${b.method}, ${b.account ?? ''}, ${b.enabled},
              (select coalesce(max(sort), 0) + 1 from receive_payments where enterprise_id = ${enterpriseId})) returning id`,
        );
        id = Number(r?.id);
      }
      if (ids.length) {
        await tx.execute(sql`insert into receive_payment_templates (enterprise_id, receive_payment_id, template_id)
          select ${enterpriseId}, ${id}, t from unnest(${bigints(ids)}) t`);
      }
      return id;
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError('NAME_TAKEN');
    throw e;
  }
}

/** Deletes accounts no order was paid into (those are kept; disable them instead). All or nothing. */
export async function deleteAccounts(db: Db, enterpriseId: number, ids: number[]): Promise<void> {
  const unique = [...new Set(ids)];
  await db.transaction(async (tx) => {
    const [used] = await rows(tx, sql`select 1 from orders where enterprise_id = ${enterpriseId} and receive_payment_id = any(${bigints(unique)}) limit 1`);
    const r = await rows(tx, sql`delete from receive_payments where enterprise_id = ${enterpriseId} and id = any(${bigints(unique)}) returning id`);
    if (r.length !== unique.length) throw new AppError('NOT_FOUND');
    if (used) throw new AppError('VALIDATION', { detail: '收款账户已有工单收款记录，不能删除，可停用' });
  });
}
