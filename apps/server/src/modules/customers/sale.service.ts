import { saleMachine, type SaleAction, saleActions, type saleContractBody, saleEditable } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Executor, Tx } from '../../db/client';
import { rows } from '../../db/client';
import { AppError } from '../../platform/errors';
import { holdCustomer, visibleCustomer } from './common';
import { and, bigints, timeOf } from '../../platform/sql';
import { type ContractOps, contractConds, deleteContracts, logsOf, moveContract, nextContractNo, noTaken, writeCreateLog } from './contracts.common';
import { cleanExt, FORM_KIND, presentExtOf } from './integrations';
import { countOf, pageRows, windowOf } from '../../platform/list';
import type { Actor } from '../../platform/actor';

type Filters = Parameters<typeof contractConds>[1] & { startSignDate?: string | null; endSignDate?: string | null; ids?: number[] };

function conds(v: Actor, f: Filters): SQL[] {
  const c = contractConds(v, f);
  if (f.startSignDate) c.push(sql`t.sign_date >= ${f.startSignDate}::date`);
  if (f.endSignDate) c.push(sql`t.sign_date <= ${f.endSignDate}::date`);
  if (f.ids?.length) c.push(sql`t.id = any(${bigints(f.ids)})`);
  return c;
}

interface Raw {
  id: number;
  contract_no: string;
  name: string;
  customer_id: number;
  customer_name: string;
  sign_date: string;
  status: number;
  amount: number | string;
  create_user_name: string | null;
  create_time: string;
  remark: string | null;
  template_version_id: number | null;
  ext: Record<string, unknown>;
}

const NEWEST = sql`t.created_at desc, t.id desc`;

async function select(ex: Executor, v: Actor, f: Filters, page: { pageIndex: number; pageSize: number }) {
  const list = await rows<Raw>(
    ex,
    sql`select t.id, t.contract_no, t.name, t.customer_id, c.name as customer_name, to_char(t.sign_date, 'YYYY-MM-DD') as sign_date, t.status,
        t.amount, u.name as create_user_name, ${timeOf(sql`t.created_at`, v)} as create_time, t.remark, t.template_version_id, t.ext
      from (${pageRows('sale_contracts', 't', v.enterpriseId, and(conds(v, f)), NEWEST, page)}) t
      join customers c on c.enterprise_id = t.enterprise_id and c.id = t.customer_id
      left join users u on u.enterprise_id = t.enterprise_id and u.id = t.created_by
      order by t.created_at desc, t.id desc`,
  );
  return list.map((r) => ({
    id: Number(r.id),
    contractNo: r.contract_no,
    name: r.name,
    customerId: Number(r.customer_id),
    customerName: r.customer_name,
    signDate: r.sign_date,
    status: Number(r.status),
    amount: Number(r.amount),
    createUserName: r.create_user_name,
    create_time: r.create_time,
    remark: r.remark,
    templateVersionId: r.template_version_id == null ? null : Number(r.template_version_id),
    ext: r.ext ?? {},
  }));
}

export async function listSale(ex: Executor, v: Actor, f: Filters, page: { pageIndex: number; pageSize: number }) {
  windowOf(page);
  const list = (await select(ex, v, f, page)).map(({ remark: _r, templateVersionId: _t, ext: _e, ...row }) => row);
  return { list, count: await countOf(ex, sql`sale_contracts t`, and(conds(v, f))) };
}

async function one(ex: Executor, v: Actor, id: number) {
  const [row] = await select(ex, v, { ids: [id] }, { pageIndex: 0, pageSize: 1 });
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export async function saleDetail(ex: Executor, v: Actor, id: number, admin: boolean) {
  const row = await one(ex, v, id);
  const access = await visibleCustomer(ex, v, row.customerId);
  const products = await rows<{ product_id: number; product_name: string; model: string | null; quantity: number; price: number | string }>(
    ex,
    sql`select i.product_id, m.name as product_name, m.model, i.quantity, i.price from sale_contract_items i
      join product_models m on m.enterprise_id = i.enterprise_id and m.id = i.product_id
      where i.enterprise_id = ${v.enterpriseId} and i.contract_id = ${id} order by i.id`,
  );
  const actions = saleActions(row.status).filter((a) => a === 'submit' || admin);
  return {
    ...row,
    products: products.map((p) => ({
      productId: Number(p.product_id),
      productName: p.product_name,
      model: p.model,
      quantity: Number(p.quantity),
      price: Number(p.price),
    })),
    logs: await logsOf(ex, v, 'sale', id),
    abilities: { edit: access.canEdit && saleEditable(row.status), actions: access.canEdit ? actions : [] },
    extFields: (await presentExtOf(ex, v.enterpriseId, FORM_KIND.saleContract, row.templateVersionId, row.ext, v.sysrole)) as never[],
  };
}

type Body = z.infer<typeof saleContractBody>;

async function writeItems(tx: Tx, v: Actor, id: number, items: Body['products']): Promise<number> {
  const ids = [...new Set(items.map((i) => i.productId))];
  // Key-share: a concurrent catalogue delete waits for this contract, or has already removed the product.
  const found = await rows<{ id: number }>(
    tx,
    sql`select id from product_models where enterprise_id = ${v.enterpriseId} and id = any(${bigints(ids)}) order by id for key share`,
  );
  if (found.length !== ids.length) throw new AppError('VALIDATION', { detail: '合同产品：产品不存在或已被删除' });
  await tx.execute(sql`delete from sale_contract_items where enterprise_id = ${v.enterpriseId} and contract_id = ${id}`);
  for (const i of items) {
    await tx.execute(sql`insert into sale_contract_items (enterprise_id, contract_id, product_id, quantity, price)
      values (${v.enterpriseId}, ${id}, ${i.productId}, ${i.quantity}, ${i.price})`);
  }
  return Math.round(items.reduce((s, i) => s + i.quantity * i.price * 100, 0)) / 100;
}

/** Creates (state 1, to submit) or updates a sales contract that is still to be submitted. */
export async function saveSale(db: Db, v: Actor, b: Body): Promise<number> {
  return db
    .transaction(async (tx) => {
      await holdCustomer(tx, v.enterpriseId, b.customerId);
      const customer = await visibleCustomer(tx, v, b.customerId);
      if (!customer.canEdit) throw new AppError('NO_POWER');
      let version: number | null = null;
      let previous: Record<string, unknown> | null = null;
      if (b.id) {
        const cur = await one(tx, v, b.id);
        if ((await visibleCustomer(tx, v, cur.customerId)).canEdit === false) throw new AppError('NO_POWER');
        if (!saleEditable(cur.status)) throw new AppError('INVALID_STATE');
        version = cur.templateVersionId;
        previous = cur.ext;
      }
      const { templateVersionId, ext } = await cleanExt(tx, v.enterpriseId, FORM_KIND.saleContract, version, b.ext, { sysrole: v.sysrole, previous });
      const no = b.contractNo ?? (await nextContractNo(tx, v, 'sale'));
      let id = b.id ?? 0;
      if (b.id) {
        const [r] = await rows<{ id: number }>(
          tx,
          sql`update sale_contracts set contract_no = ${no}, name = ${b.name}, customer_id = ${b.customerId}, sign_date = ${b.signDate},
              remark = ${b.remark}, ext = ${JSON.stringify(ext)}::jsonb, updated_at = now()
            where enterprise_id = ${v.enterpriseId} and id = ${b.id} and status = 1 returning id`,
        );
        if (!r) throw new AppError('INVALID_STATE');
      } else {
        const [r] = await rows<{ id: number }>(
          tx,
          sql`insert into sale_contracts (enterprise_id, contract_no, name, customer_id, sign_date, status, remark, template_version_id, ext, created_by)
            values (${v.enterpriseId}, ${no}, ${b.name}, ${b.customerId}, ${b.signDate}, 1, ${b.remark}, ${templateVersionId}, ${JSON.stringify(ext)}::jsonb, ${v.id})
            returning id`,
        );
        id = Number(r?.id);
        await writeCreateLog(tx, v, 'sale', id);
      }
      const amount = await writeItems(tx, v, id, b.products);
      await tx.execute(sql`update sale_contracts set amount = ${amount} where enterprise_id = ${v.enterpriseId} and id = ${id}`);
      return id;
    })
    .catch((err) => noTaken(err));
}

const ops: ContractOps<SaleAction> = {
  kind: 'sale',
  machine: saleMachine,
  one,
  byIds: (ex, v, ids) => select(ex, v, { ids }, { pageIndex: 0, pageSize: ids.length }),
};

/** submit (1 → 2), approve (2 → 3) or reject (2 → 1), compare-and-set, with a log row. */
export const moveSale = (db: Db, v: Actor, id: number, action: SaleAction, note?: string | null): Promise<void> => moveContract(db, v, ops, id, action, note);

/** Only contracts in their first state may be deleted. */
export const deleteSale = (db: Db, v: Actor, ids: number[]): Promise<void> => deleteContracts(db, v, ops, ids);
