import { type MaintainAction, maintainActions, type maintainContractBody, maintainEditable, maintainMachine } from '@sk/shared';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client';
import { AppError } from '../../platform/errors';
import { holdCustomer, visibleCustomer } from './common';
import { type ContractOps, deleteContracts, moveContract, nextContractNo, noTaken, writeCreateLog } from './contracts.common';
import * as repo from './contracts.repo';
import { logsOf, type MaintainFilters as Filters, maintainRows as select } from './contracts.repo';
import { cleanExt, FORM_KIND, presentExtOf } from './integrations';
import { windowOf } from '../../platform/list';
import type { Actor } from '../../platform/actor';

export async function listMaintain(ex: Executor, v: Actor, f: Filters, page: { pageIndex: number; pageSize: number }) {
  windowOf(page);
  const list = (await select(ex, v, f, page)).map(({ remark: _r, templateVersionId: _t, ext: _e, ...row }) => row);
  return { list, count: await repo.countMaintain(ex, v, f) };
}

async function one(ex: Executor, v: Actor, id: number) {
  const [row] = await select(ex, v, { ids: [id] }, { pageIndex: 0, pageSize: 1 });
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export async function maintainDetail(ex: Executor, v: Actor, id: number) {
  const row = await one(ex, v, id);
  const access = await visibleCustomer(ex, v, row.customerId);
  const products = await repo.coveredProducts(ex, v.enterpriseId, id);
  return {
    ...row,
    products,
    logs: await logsOf(ex, v, 'maintain', id),
    abilities: { edit: access.canEdit && maintainEditable(row.status), actions: access.canEdit ? maintainActions(row.status) : [] },
    extFields: (await presentExtOf(ex, v.enterpriseId, FORM_KIND.maintainContract, row.templateVersionId, row.ext, v.sysrole)) as never[],
  };
}

type Body = z.infer<typeof maintainContractBody>;

/** Creates (state 1, signed) or updates a signed or executing maintenance contract; covered products must be the customer's. */
export async function saveMaintain(db: Db, v: Actor, b: Body): Promise<number> {
  return db
    .transaction(async (tx) => {
      await holdCustomer(tx, v.enterpriseId, b.customerId);
      if (!(await visibleCustomer(tx, v, b.customerId)).canEdit) throw new AppError('NO_POWER');
      let version: number | null = null;
      let previous: Record<string, unknown> | null = null;
      if (b.id) {
        const cur = await one(tx, v, b.id);
        if (!(await visibleCustomer(tx, v, cur.customerId)).canEdit) throw new AppError('NO_POWER');
        if (!maintainEditable(cur.status)) throw new AppError('INVALID_STATE');
        version = cur.templateVersionId;
        previous = cur.ext;
      }
      const productIds = [...new Set(b.productIds)];
      const own = await repo.customersProducts(tx, v.enterpriseId, b.customerId, productIds);
      if (own.length !== productIds.length) throw new AppError('VALIDATION', { detail: '保修设备：设备不存在或不属于该客户' });
      const { templateVersionId, ext } = await cleanExt(tx, v.enterpriseId, FORM_KIND.maintainContract, version, b.ext, { sysrole: v.sysrole, previous });
      const no = b.contractNo ?? (await nextContractNo(tx, v, 'maintain'));
      const values = {
        contractNo: no,
        name: b.name,
        customerId: b.customerId,
        startDate: b.startDate,
        endDate: b.endDate,
        amount: b.amount,
        remark: b.remark,
        ext,
      };
      let id = b.id ?? 0;
      if (b.id) {
        if (!(await repo.updateMaintain(tx, v.enterpriseId, b.id, values))) throw new AppError('INVALID_STATE');
      } else {
        id = await repo.insertMaintain(tx, v, { ...values, templateVersionId });
        await writeCreateLog(tx, v, 'maintain', id);
      }
      await repo.replaceCovered(tx, v.enterpriseId, id, productIds);
      return id;
    })
    .catch((err) => noTaken(err));
}

const ops: ContractOps<MaintainAction> = {
  kind: 'maintain',
  machine: maintainMachine,
  one,
  byIds: (ex, v, ids) => select(ex, v, { ids }, { pageIndex: 0, pageSize: ids.length }),
};

/** One action with its compare-and-set state change and log row. */
export const moveMaintain = (db: Db, v: Actor, id: number, action: MaintainAction, note?: string | null): Promise<void> =>
  moveContract(db, v, ops, id, action, note);

/** Only contracts in their first state may be deleted. */
export const deleteMaintain = (db: Db, v: Actor, ids: number[]): Promise<void> => deleteContracts(db, v, ops, ids);
