import { type MaintainAction, maintainActions, type maintainContractBody, maintainEditable, maintainMachine } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client';
import { rows } from '../../db/client';
import { AppError } from '../../platform/errors';
import { holdCustomer, visibleCustomer } from './common';
import { and, bigints, timeOf } from '../../platform/sql';
import { type ContractOps, contractConds, deleteContracts, logsOf, moveContract, nextContractNo, noTaken, writeCreateLog } from './contracts.common';
import { cleanExt, FORM_KIND, presentExtOf } from './integrations';
import { countOf, pageRows, windowOf } from '../../platform/list';
import type { Actor } from '../../platform/actor';

type Filters = Parameters<typeof contractConds>[1] & { ids?: number[] };

function conds(v: Actor, f: Filters): SQL[] {
  const c = contractConds(v, f);
  if (f.ids?.length) c.push(sql`t.id = any(${bigints(f.ids)})`);
  return c;
}

interface Raw {
  id: number;
  contract_no: string;
  name: string;
  customer_id: number;
  customer_name: string;
  start_date: string;
  end_date: string;
  amount: number | string;
  status: number;
  product_count: number;
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
    sql`select t.id, t.contract_no, t.name, t.customer_id, c.name as customer_name, to_char(t.start_date, 'YYYY-MM-DD') as start_date,
        to_char(t.end_date, 'YYYY-MM-DD') as end_date, t.amount, t.status, u.name as create_user_name, ${timeOf(sql`t.created_at`, v)} as create_time,
        t.remark, t.template_version_id, t.ext,
        (select count(*) from maintain_contract_products p where p.enterprise_id = t.enterprise_id and p.contract_id = t.id)::int as product_count
      from (${pageRows('maintain_contracts', 't', v.enterpriseId, and(conds(v, f)), NEWEST, page)}) t
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
    startDate: r.start_date,
    endDate: r.end_date,
    amount: Number(r.amount),
    status: Number(r.status),
    productCount: Number(r.product_count),
    createUserName: r.create_user_name,
    create_time: r.create_time,
    remark: r.remark,
    templateVersionId: r.template_version_id == null ? null : Number(r.template_version_id),
    ext: r.ext ?? {},
  }));
}

export async function listMaintain(ex: Executor, v: Actor, f: Filters, page: { pageIndex: number; pageSize: number }) {
  windowOf(page);
  const list = (await select(ex, v, f, page)).map(({ remark: _r, templateVersionId: _t, ext: _e, ...row }) => row);
  return { list, count: await countOf(ex, sql`maintain_contracts t`, and(conds(v, f))) };
}

async function one(ex: Executor, v: Actor, id: number) {
  const [row] = await select(ex, v, { ids: [id] }, { pageIndex: 0, pageSize: 1 });
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export async function maintainDetail(ex: Executor, v: Actor, id: number) {
  const row = await one(ex, v, id);
  const access = await visibleCustomer(ex, v, row.customerId);
  const products = await rows<{ id: number; name: string; serial_number: string | null }>(
    ex,
    sql`select p.id, p.name, p.serial_number from maintain_contract_products mp
      join installed_products p on p.enterprise_id = mp.enterprise_id and p.id = mp.installed_product_id
      where mp.enterprise_id = ${v.enterpriseId} and mp.contract_id = ${id} order by p.id`,
  );
  return {
    ...row,
    products: products.map((p) => ({ id: Number(p.id), name: p.name, serialNumber: p.serial_number })),
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
      const own = await rows<{ id: number }>(
        tx,
        sql`select id from installed_products where enterprise_id = ${v.enterpriseId} and customer_id = ${b.customerId} and id = any(${bigints(productIds)})`,
      );
      if (own.length !== productIds.length) throw new AppError('VALIDATION', { detail: '保修设备：设备不存在或不属于该客户' });
      const { templateVersionId, ext } = await cleanExt(tx, v.enterpriseId, FORM_KIND.maintainContract, version, b.ext, { sysrole: v.sysrole, previous });
      const no = b.contractNo ?? (await nextContractNo(tx, v, 'maintain'));
      let id = b.id ?? 0;
      if (b.id) {
        const [r] = await rows<{ id: number }>(
          tx,
          sql`update maintain_contracts set contract_no = ${no}, name = ${b.name}, customer_id = ${b.customerId}, start_date = ${b.startDate},
              end_date = ${b.endDate}, amount = ${b.amount}, remark = ${b.remark}, ext = ${JSON.stringify(ext)}::jsonb, updated_at = now()
            where enterprise_id = ${v.enterpriseId} and id = ${b.id} and status in (1, 2) returning id`,
        );
        if (!r) throw new AppError('INVALID_STATE');
      } else {
        const [r] = await rows<{ id: number }>(
          tx,
          sql`insert into maintain_contracts (enterprise_id, contract_no, name, customer_id, start_date, end_date, amount, status, remark,
              template_version_id, ext, created_by)
            values (${v.enterpriseId}, ${no}, ${b.name}, ${b.customerId}, ${b.startDate}, ${b.endDate}, ${b.amount}, 1, ${b.remark},
              ${templateVersionId}, ${JSON.stringify(ext)}::jsonb, ${v.id}) returning id`,
        );
        id = Number(r?.id);
        await writeCreateLog(tx, v, 'maintain', id);
      }
      await tx.execute(sql`delete from maintain_contract_products where enterprise_id = ${v.enterpriseId} and contract_id = ${id}`);
      if (productIds.length) {
        await tx.execute(sql`insert into maintain_contract_products (enterprise_id, contract_id, installed_product_id)
          select ${v.enterpriseId}, ${id}, p from unnest(${bigints(productIds)}) p`);
      }
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
