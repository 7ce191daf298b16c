import type { Db, Executor, Tx } from '../../db/client';
import type { Machine } from '@sk/shared';
import { AppError } from '../../platform/errors';
import { changeState, insertStateLog, type StateTable } from '../../platform/state';
import { isUniqueViolation } from '../../platform/sql';
import { visibleCustomer } from './common';
import type { Actor } from '../../platform/actor';
import { type ContractKind, deleteContractRows, nextContractValue } from './contracts.repo';

export type { ContractKind };
const PREFIX: Record<ContractKind, string> = { sale: 'HT', maintain: 'WB' };

/** A readable number from the enterprise's counter: HT20240501-0001 / WB20240501-0001. */
export async function nextContractNo(tx: Tx, v: Actor, kind: ContractKind): Promise<string> {
  const value = await nextContractValue(tx, v.enterpriseId, kind);
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: v.timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(new Date())
    .replaceAll('-', '');
  return `${PREFIX[kind]}${day}-${String(value).padStart(4, '0')}`;
}

export function noTaken(err: unknown): never {
  if (isUniqueViolation(err)) throw new AppError('CONTRACT_NO_TAKEN');
  throw err;
}

/** Where each contract kind keeps its state and log, for the platform's state-change helper. */
export const CONTRACT_STATE: Record<ContractKind, StateTable> = {
  sale: {
    table: 'sale_contracts',
    stateColumn: 'status',
    touchColumn: 'updated_at',
    log: { table: 'contract_logs', recordColumn: 'contract_id', fixed: { kind: 'sale' } },
  },
  maintain: {
    table: 'maintain_contracts',
    stateColumn: 'status',
    touchColumn: 'updated_at',
    log: { table: 'contract_logs', recordColumn: 'contract_id', fixed: { kind: 'maintain' } },
  },
};

/** The creation row of a contract's log (from no state to 1). */
export async function writeCreateLog(tx: Tx, v: Actor, kind: ContractKind, contractId: number): Promise<void> {
  await insertStateLog(tx, CONTRACT_STATE[kind], { enterpriseId: v.enterpriseId, id: contractId, from: null, to: 1, action: 'create', actorId: v.id });
}

interface ContractRow {
  status: number;
  customerId: number;
}

/** What the two contract kinds differ in, for the shared state change and delete. */
export interface ContractOps<A extends string> {
  kind: ContractKind;
  machine: Machine<A>;
  one(ex: Executor, v: Actor, id: number): Promise<ContractRow>;
  byIds(ex: Executor, v: Actor, ids: number[]): Promise<ContractRow[]>;
}

/** One action on a contract the viewer may edit, through the platform's state change (compare-and-set and log row). */
export async function moveContract<A extends string>(db: Db, v: Actor, ops: ContractOps<A>, id: number, action: A, note?: string | null): Promise<void> {
  await db.transaction(async (tx) => {
    const cur = await ops.one(tx, v, id);
    if (!(await visibleCustomer(tx, v, cur.customerId)).canEdit) throw new AppError('NO_POWER');
    await changeState(tx, {
      table: CONTRACT_STATE[ops.kind],
      machine: ops.machine,
      enterpriseId: v.enterpriseId,
      id,
      action,
      ctx: undefined,
      actorId: v.id,
      note,
    });
  });
}

/** Deletes contracts still in their first state (1), all or none, with their logs. */
export async function deleteContracts<A extends string>(db: Db, v: Actor, ops: ContractOps<A>, ids: number[]): Promise<void> {
  const unique = [...new Set(ids)];
  await db.transaction(async (tx) => {
    const found = await ops.byIds(tx, v, unique);
    if (found.length !== unique.length) throw new AppError('NOT_FOUND');
    if (found.some((c) => c.status !== 1)) throw new AppError('INVALID_STATE');
    for (const c of found) if (!(await visibleCustomer(tx, v, c.customerId)).canEdit) throw new AppError('NO_POWER');
    // Submitted meanwhile (the check above read without a lock): the delete leaves it, and so all of them stay.
    const deleted = await deleteContractRows(tx, v.enterpriseId, CONTRACT_STATE[ops.kind].table, ops.kind, unique);
    if (deleted !== unique.length) throw new AppError('INVALID_STATE');
  });
}
