import { saleMachine, type SaleAction, saleActions, type saleContractBody, saleEditable } from '@sk/shared';
import type { z } from 'zod';
import type { Db, Executor, Tx } from '../../db/client';
import { AppError } from '../../platform/errors';
import { holdCustomer, visibleCustomer } from './common';
import { type ContractOps, deleteContracts, moveContract, nextContractNo, noTaken, writeCreateLog } from './contracts.common';
import * as repo from './contracts.repo';
import { logsOf, type SaleFilters as Filters, saleRows as select } from './contracts.repo';
import { cleanExt, FORM_KIND, presentExtOf } from './integrations';
import { windowOf } from '../../platform/list';
import type { Actor } from '../../platform/actor';

export async function listSale(ex: Executor, v: Actor, f: Filters, page: { pageIndex: number; pageSize: number }) {
  windowOf(page);
  const list = (await select(ex, v, f, page)).map(({ remark: _r, templateVersionId: _t, ext: _e, ...row }) => row);
  return { list, count: await repo.countSale(ex, v, f) };
}

async function one(ex: Executor, v: Actor, id: number) {
  const [row] = await select(ex, v, { ids: [id] }, { pageIndex: 0, pageSize: 1 });
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export async function saleDetail(ex: Executor, v: Actor, id: number, admin: boolean) {
  const row = await one(ex, v, id);
  const access = await visibleCustomer(ex, v, row.customerId);
  const products = await repo.saleLines(ex, v.enterpriseId, id);
  const actions = saleActions(row.status).filter((a) => a === 'submit' || admin);
  return {
    ...row,
    products,
    logs: await logsOf(ex, v, 'sale', id),
    abilities: { edit: access.canEdit && saleEditable(row.status), actions: access.canEdit ? actions : [] },
    extFields: (await presentExtOf(ex, v.enterpriseId, FORM_KIND.saleContract, row.templateVersionId, row.ext, v.sysrole)) as never[],
  };
}

type Body = z.infer<typeof saleContractBody>;

async function writeItems(tx: Tx, v: Actor, id: number, items: Body['products']): Promise<number> {
  const ids = [...new Set(items.map((i) => i.productId))];
  // Key-share: a concurrent catalogue delete waits for this contract, or has already removed the product.
  const found = await repo.holdModels(tx, v.enterpriseId, ids);
  if (found.length !== ids.length) throw new AppError('VALIDATION', { detail: '合同产品：产品不存在或已被删除' });
  await repo.replaceSaleLines(tx, v.enterpriseId, id, items);
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
      const values = { contractNo: no, name: b.name, customerId: b.customerId, signDate: b.signDate, remark: b.remark, ext };
      let id = b.id ?? 0;
      if (b.id) {
        if (!(await repo.updateSale(tx, v.enterpriseId, b.id, values))) throw new AppError('INVALID_STATE');
      } else {
        id = await repo.insertSale(tx, v, { ...values, templateVersionId });
        await writeCreateLog(tx, v, 'sale', id);
      }
      const amount = await writeItems(tx, v, id, b.products);
      await repo.setSaleAmount(tx, v.enterpriseId, id, amount);
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
