// The sales and maintenance contracts' statements: typed rows (money cast to float8 in SQL, as the contract shows it),
// presenters toSaleContract, toMaintainContract and toContractLog. The services hold the rules.
import { type maintainContractSchema, RENEWAL_DAYS, type saleContractSchema } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor, Tx } from '../../db/client';
import { rows } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { countOf, pageRows } from '../../platform/list';
import { textContains } from '../../platform/search';
import { and, bigints, createdBetween, timeOf, nextCounter } from '../../platform/sql';
import { customerScope } from './common';

export type ContractKind = 'sale' | 'maintain';

/** The next value of the enterprise's counter of the kind's contract numbers. */
export async function nextContractValue(tx: Tx, ep: number, kind: ContractKind): Promise<number> {
  return nextCounter(tx, ep, `${kind}_contract`);
}

type LogRow = { from_state: number | null; to_state: number; note: string | null; user_name: string | null; create_time: string };
/** A log row as the detail shows it. */
export const toContractLog = (l: LogRow) => ({
  fromState: l.from_state,
  toState: l.to_state,
  note: l.note,
  userName: l.user_name,
  create_time: l.create_time,
});

export async function logsOf(ex: Executor, v: Actor, kind: ContractKind, contractId: number) {
  const list = await rows<LogRow>(
    ex,
    sql`select l.from_state, l.to_state, l.note, u.name as user_name, ${timeOf(sql`l.created_at`, v)} as create_time
      from contract_logs l left join users u on u.enterprise_id = l.enterprise_id and u.id = l.user_id
      where l.enterprise_id = ${v.enterpriseId} and l.kind = ${kind} and l.contract_id = ${contractId} order by l.created_at, l.id`,
  );
  return list.map(toContractLog);
}

/** Filters both contract lists share, scoped to customers the viewer may see. */
export function contractConds(
  v: Actor,
  f: { keyword?: string; customerId?: number | null; status?: number; startCreateTime?: string; endCreateTime?: string },
): SQL[] {
  const c: SQL[] = [sql`t.enterprise_id = ${v.enterpriseId}`, customerScope(v, sql`t.customer_id`)];
  if (f.keyword) {
    c.push(sql`(${textContains(sql`t.contract_no`, f.keyword)} or ${textContains(sql`t.name`, f.keyword)})`);
  }
  if (f.customerId) c.push(sql`t.customer_id = ${f.customerId}`);
  if (f.status) c.push(sql`t.status = ${f.status}`);
  c.push(...createdBetween(sql`t.created_at`, v, f.startCreateTime, f.endCreateTime));
  return c;
}

/** Deletes the contracts still in their first state (1), with their logs; answers how many were deleted. */
export async function deleteContractRows(ex: Executor, ep: number, table: string, kind: ContractKind, ids: number[]): Promise<number> {
  const [r] = await rows<{ n: number }>(
    ex,
    sql`with d as (delete from ${sql.identifier(table)} where enterprise_id = ${ep} and id = any(${bigints(ids)}) and status = 1 returning id),
      l as (delete from contract_logs where enterprise_id = ${ep} and kind = ${kind} and contract_id in (select id from d))
      select count(*)::int as n from d`,
  );
  return r?.n ?? 0;
}

const NEWEST = sql`t.created_at desc, t.id desc`;
type Page = { pageIndex: number; pageSize: number };

// ---- sales contracts ----
export type SaleFilters = Parameters<typeof contractConds>[1] & { startSignDate?: string | null; endSignDate?: string | null; ids?: number[] };

function saleConds(v: Actor, f: SaleFilters): SQL[] {
  const c = contractConds(v, f);
  if (f.startSignDate) c.push(sql`t.sign_date >= ${f.startSignDate}::date`);
  if (f.endSignDate) c.push(sql`t.sign_date <= ${f.endSignDate}::date`);
  if (f.ids?.length) c.push(sql`t.id = any(${bigints(f.ids)})`);
  return c;
}

interface SaleRaw {
  id: number;
  contract_no: string;
  name: string;
  customer_id: number;
  customer_name: string;
  sign_date: string;
  status: number;
  amount: number;
  create_user_name: string | null;
  create_time: string;
  remark: string | null;
  template_version_id: number | null;
  ext: Record<string, unknown>;
}

/** A sales contract as the list shows it, with what the detail and the rules read besides. */
export const toSaleContract = (
  r: SaleRaw,
): z.infer<typeof saleContractSchema> & { remark: string | null; templateVersionId: number | null; ext: Record<string, unknown> } => ({
  id: r.id,
  contractNo: r.contract_no,
  name: r.name,
  customerId: r.customer_id,
  customerName: r.customer_name,
  signDate: r.sign_date,
  status: r.status,
  amount: r.amount,
  createUserName: r.create_user_name,
  create_time: r.create_time,
  remark: r.remark,
  templateVersionId: r.template_version_id,
  ext: r.ext ?? {},
});

export async function saleRows(ex: Executor, v: Actor, f: SaleFilters, page: Page) {
  const list = await rows<SaleRaw>(
    ex,
    sql`select t.id, t.contract_no, t.name, t.customer_id, c.name as customer_name, to_char(t.sign_date, 'YYYY-MM-DD') as sign_date, t.status,
        t.amount::float8 as amount, u.name as create_user_name, ${timeOf(sql`t.created_at`, v)} as create_time, t.remark, t.template_version_id, t.ext
      from (${pageRows('sale_contracts', 't', v.enterpriseId, and(saleConds(v, f)), NEWEST, page)}) t
      join customers c on c.enterprise_id = t.enterprise_id and c.id = t.customer_id
      left join users u on u.enterprise_id = t.enterprise_id and u.id = t.created_by
      order by t.created_at desc, t.id desc`,
  );
  return list.map(toSaleContract);
}

export const countSale = (ex: Executor, v: Actor, f: SaleFilters) => countOf(ex, sql`sale_contracts t`, and(saleConds(v, f)));

type SaleLineRow = { product_id: number; product_name: string; model: string | null; quantity: number; price: number };
/** A contract's product line as the detail shows it. */
export const toSaleLine = (p: SaleLineRow) => ({ productId: p.product_id, productName: p.product_name, model: p.model, quantity: p.quantity, price: p.price });

export async function saleLines(ex: Executor, ep: number, id: number) {
  const list = await rows<SaleLineRow>(
    ex,
    sql`select i.product_id, m.name as product_name, m.model, i.quantity, i.price::float8 as price from sale_contract_items i
      join product_models m on m.enterprise_id = i.enterprise_id and m.id = i.product_id
      where i.enterprise_id = ${ep} and i.contract_id = ${id} order by i.id`,
  );
  return list.map(toSaleLine);
}

/** The product models among `ids`, held against deletion (FOR KEY SHARE) in id order. */
export const holdModels = (ex: Executor, ep: number, ids: number[]) =>
  rows<{ id: number }>(ex, sql`select id from product_models where enterprise_id = ${ep} and id = any(${bigints(ids)}) order by id for key share`);

/** The contract's lines replaced by `items`. */
export async function replaceSaleLines(ex: Executor, ep: number, id: number, items: { productId: number; quantity: number; price: number }[]): Promise<void> {
  await ex.execute(sql`delete from sale_contract_items where enterprise_id = ${ep} and contract_id = ${id}`);
  for (const i of items) {
    await ex.execute(sql`insert into sale_contract_items (enterprise_id, contract_id, product_id, quantity, price)
      values (${ep}, ${id}, ${i.productId}, ${i.quantity}, ${i.price})`);
  }
}

export interface SaleValues {
  contractNo: string;
  name: string;
  customerId: number;
  signDate: string;
  remark: string | null | undefined;
  ext: Record<string, unknown>;
}

/** Updates a contract still to be submitted (state 1); false: it is not. */
export async function updateSale(ex: Executor, ep: number, id: number, b: SaleValues): Promise<boolean> {
  const [r] = await rows<{ id: number }>(
    ex,
    sql`update sale_contracts set contract_no = ${b.contractNo}, name = ${b.name}, customer_id = ${b.customerId}, sign_date = ${b.signDate},
              remark = ${b.remark}, ext = ${JSON.stringify(b.ext)}::jsonb, updated_at = now()
            where enterprise_id = ${ep} and id = ${id} and status = 1 returning id`,
  );
  return !!r;
}

export async function insertSale(ex: Executor, a: Pick<Actor, 'id' | 'enterpriseId'>, b: SaleValues & { templateVersionId: number | null }): Promise<number> {
  const [r] = await rows<{ id: number }>(
    ex,
    sql`insert into sale_contracts (enterprise_id, contract_no, name, customer_id, sign_date, status, remark, template_version_id, ext, created_by)
            values (${a.enterpriseId}, ${b.contractNo}, ${b.name}, ${b.customerId}, ${b.signDate}, 1, ${b.remark}, ${b.templateVersionId}, ${JSON.stringify(b.ext)}::jsonb, ${a.id})
            returning id`,
  );
  return (r as { id: number }).id;
}

export const setSaleAmount = (ex: Executor, ep: number, id: number, amount: number) =>
  ex.execute(sql`update sale_contracts set amount = ${amount} where enterprise_id = ${ep} and id = ${id}`);

// ---- maintenance contracts ----
export type MaintainFilters = Parameters<typeof contractConds>[1] & { ids?: number[]; expiring?: '0' | '1' };

/** In force (执行中) and ending between the enterprise's today and RENEWAL_DAYS later (past its end, the date job finishes it). */
const dueForRenewal = (v: Actor): SQL => {
  const today = sql`(now() at time zone ${v.timeZone})::date`;
  return sql`t.status = 2 and t.end_date between ${today} and ${today} + ${RENEWAL_DAYS}::int`;
};

function maintainConds(v: Actor, f: MaintainFilters): SQL[] {
  const c = contractConds(v, f);
  if (f.ids?.length) c.push(sql`t.id = any(${bigints(f.ids)})`);
  if (f.expiring === '1') c.push(dueForRenewal(v));
  return c;
}

/** 维保合同's badge: the contracts due for renewal among the customers the viewer sees (exact, as badges are). */
export async function renewalCount(ex: Executor, v: Actor): Promise<number> {
  const [r] = await rows<{ n: number }>(ex, sql`select count(*)::int as n from maintain_contracts t where ${and(maintainConds(v, { expiring: '1' }))}`);
  return r?.n ?? 0;
}

interface MaintainRaw {
  id: number;
  contract_no: string;
  name: string;
  customer_id: number;
  customer_name: string;
  start_date: string;
  end_date: string;
  amount: number;
  status: number;
  product_count: number;
  create_user_name: string | null;
  create_time: string;
  remark: string | null;
  template_version_id: number | null;
  ext: Record<string, unknown>;
}

/** A maintenance contract as the list shows it, with what the detail and the rules read besides. */
export const toMaintainContract = (
  r: MaintainRaw,
): z.infer<typeof maintainContractSchema> & { remark: string | null; templateVersionId: number | null; ext: Record<string, unknown> } => ({
  id: r.id,
  contractNo: r.contract_no,
  name: r.name,
  customerId: r.customer_id,
  customerName: r.customer_name,
  startDate: r.start_date,
  endDate: r.end_date,
  amount: r.amount,
  status: r.status,
  productCount: r.product_count,
  createUserName: r.create_user_name,
  create_time: r.create_time,
  remark: r.remark,
  templateVersionId: r.template_version_id,
  ext: r.ext ?? {},
});

export async function maintainRows(ex: Executor, v: Actor, f: MaintainFilters, page: Page) {
  const list = await rows<MaintainRaw>(
    ex,
    sql`select t.id, t.contract_no, t.name, t.customer_id, c.name as customer_name, to_char(t.start_date, 'YYYY-MM-DD') as start_date,
        to_char(t.end_date, 'YYYY-MM-DD') as end_date, t.amount::float8 as amount, t.status, u.name as create_user_name, ${timeOf(sql`t.created_at`, v)} as create_time,
        t.remark, t.template_version_id, t.ext,
        (select count(*) from maintain_contract_products p where p.enterprise_id = t.enterprise_id and p.contract_id = t.id)::int as product_count
      from (${pageRows('maintain_contracts', 't', v.enterpriseId, and(maintainConds(v, f)), NEWEST, page)}) t
      join customers c on c.enterprise_id = t.enterprise_id and c.id = t.customer_id
      left join users u on u.enterprise_id = t.enterprise_id and u.id = t.created_by
      order by t.created_at desc, t.id desc`,
  );
  return list.map(toMaintainContract);
}

export const countMaintain = (ex: Executor, v: Actor, f: MaintainFilters) => countOf(ex, sql`maintain_contracts t`, and(maintainConds(v, f)));

/** The installed products a maintenance contract covers. */
export async function coveredProducts(ex: Executor, ep: number, id: number) {
  const list = await rows<{ id: number; name: string; serial_number: string | null }>(
    ex,
    sql`select p.id, p.name, p.serial_number from maintain_contract_products mp
      join installed_products p on p.enterprise_id = mp.enterprise_id and p.id = mp.installed_product_id
      where mp.enterprise_id = ${ep} and mp.contract_id = ${id} order by p.id`,
  );
  return list.map((p) => ({ id: p.id, name: p.name, serialNumber: p.serial_number }));
}

/** Of the installed products, those of the customer. */
export const customersProducts = (ex: Executor, ep: number, customerId: number, ids: number[]) =>
  rows<{ id: number }>(ex, sql`select id from installed_products where enterprise_id = ${ep} and customer_id = ${customerId} and id = any(${bigints(ids)})`);

export interface MaintainValues {
  contractNo: string;
  name: string;
  customerId: number;
  startDate: string;
  endDate: string;
  amount: number;
  remark: string | null | undefined;
  ext: Record<string, unknown>;
}

/** Updates a signed or executing contract (state 1 or 2); false: it is neither. */
export async function updateMaintain(ex: Executor, ep: number, id: number, b: MaintainValues): Promise<boolean> {
  const [r] = await rows<{ id: number }>(
    ex,
    sql`update maintain_contracts set contract_no = ${b.contractNo}, name = ${b.name}, customer_id = ${b.customerId}, start_date = ${b.startDate},
              end_date = ${b.endDate}, amount = ${b.amount}, remark = ${b.remark}, ext = ${JSON.stringify(b.ext)}::jsonb, updated_at = now()
            where enterprise_id = ${ep} and id = ${id} and status in (1, 2) returning id`,
  );
  return !!r;
}

export async function insertMaintain(
  ex: Executor,
  a: Pick<Actor, 'id' | 'enterpriseId'>,
  b: MaintainValues & { templateVersionId: number | null },
): Promise<number> {
  const [r] = await rows<{ id: number }>(
    ex,
    sql`insert into maintain_contracts (enterprise_id, contract_no, name, customer_id, start_date, end_date, amount, status, remark,
              template_version_id, ext, created_by)
            values (${a.enterpriseId}, ${b.contractNo}, ${b.name}, ${b.customerId}, ${b.startDate}, ${b.endDate}, ${b.amount}, 1, ${b.remark},
              ${b.templateVersionId}, ${JSON.stringify(b.ext)}::jsonb, ${a.id}) returning id`,
  );
  return (r as { id: number }).id;
}

/** The contract covers exactly these installed products. */
export async function replaceCovered(ex: Executor, ep: number, id: number, productIds: number[]): Promise<void> {
  await ex.execute(sql`delete from maintain_contract_products where enterprise_id = ${ep} and contract_id = ${id}`);
  if (productIds.length) {
    await ex.execute(sql`insert into maintain_contract_products (enterprise_id, contract_id, installed_product_id)
          select ${ep}, ${id}, p from unnest(${bigints(productIds)}) p`);
  }
}

// ---- the contract-date job ----

/** Contracts whose state is behind their dates, in each enterprise's own today (all enterprises, or one). */
export const dueContracts = (ex: Executor, enterpriseId: number | null) =>
  rows<{ enterprise_id: number; id: number }>(
    ex,
    sql`select m.enterprise_id, m.id from maintain_contracts m join enterprises e on e.id = m.enterprise_id
        where ${enterpriseId == null ? sql`true` : sql`m.enterprise_id = ${enterpriseId}`}
          and ((m.status = 1 and m.start_date <= (now() at time zone e.time_zone)::date)
            or (m.status = 2 and m.end_date < (now() at time zone e.time_zone)::date))
        order by m.enterprise_id, m.id`,
  );

/** Contracts in force ending between their enterprise's today and RENEWAL_DAYS later (maintain_contracts_renewal_idx), with their owner. */
export const renewalsDue = (ex: Executor, enterpriseId: number | null) =>
  rows<{ enterprise_id: number; id: number; contract_no: string; name: string; customer_name: string; end_date: string; created_by: number | null }>(
    ex,
    sql`select m.enterprise_id, m.id, m.contract_no, m.name, c.name as customer_name, to_char(m.end_date, 'YYYY-MM-DD') as end_date, m.created_by
        from maintain_contracts m join enterprises e on e.id = m.enterprise_id
        join customers c on c.enterprise_id = m.enterprise_id and c.id = m.customer_id
        where ${enterpriseId == null ? sql`true` : sql`m.enterprise_id = ${enterpriseId}`}
          and m.status = 2 and m.end_date between (now() at time zone e.time_zone)::date and (now() at time zone e.time_zone)::date + ${RENEWAL_DAYS}::int
        order by m.enterprise_id, m.id`,
  );

/** The contract locked, with whether its start and end have come in its enterprise's today. */
export async function lockContractDates(tx: Tx, ep: number, id: number) {
  const [c] = await rows<{ status: number; started: boolean; ended: boolean }>(
    tx,
    sql`select m.status, m.start_date <= (now() at time zone e.time_zone)::date as started,
              m.end_date < (now() at time zone e.time_zone)::date as ended
            from maintain_contracts m join enterprises e on e.id = m.enterprise_id
            where m.enterprise_id = ${ep} and m.id = ${id} for update of m`,
  );
  return c;
}
