import { type SQL, sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client';
import { rows } from '../../db/client';
import type { Machine } from '@sk/shared';
import { AppError } from '../../platform/errors';
import { changeState, insertStateLog, type StateTable } from '../../platform/state';
import { containingPattern, isUniqueViolation } from '../../platform/sql';
import { customerScope, visibleCustomer } from './common';
import { bigints, createdBetween, timeOf } from '../../platform/sql';
import type { Actor } from '../../platform/actor';

export type ContractKind = 'sale' | 'maintain';
const PREFIX: Record<ContractKind, string> = { sale: 'HT', maintain: 'WB' };

/** A readable number from the enterprise's counter: HT20240501-0001 / WB20240501-0001. */
export async function nextContractNo(tx: Tx, v: Actor, kind: ContractKind): Promise<string> {
  const [r] = await rows<{ value: number }>(
    tx,
    sql`insert into counters (enterprise_id, name, value) values (${v.enterpriseId}, ${`${kind}_contract`}, 1)
      on conflict (enterprise_id, name) do update set value = counters.value + 1 returning value`,
  );
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: v.timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(new Date())
    .replaceAll('-', '');
  return `${PREFIX[kind]}${day}-${String(r?.value ?? 1).padStart(4, '0')}`;
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

export async function logsOf(ex: Executor, v: Actor, kind: ContractKind, contractId: number) {
  const list = await rows<{ from_state: number | null; to_state: number; note: string | null; user_name: string | null; create_time: string }>(
    ex,
    sql`select l.from_state, l.to_state, l.note, u.name as user_name, ${timeOf(sql`l.created_at`, v)} as create_time
      from contract_logs l left join users u on u.enterprise_id = l.enterprise_id and u.id = l.user_id
      where l.enterprise_id = ${v.enterpriseId} and l.kind = ${kind} and l.contract_id = ${contractId} order by l.created_at, l.id`,
  );
  return list.map((l) => ({
    fromState: l.from_state == null ? null : Number(l.from_state),
    toState: Number(l.to_state),
    note: l.note,
    userName: l.user_name,
    create_time: l.create_time,
  }));
}

/** Filters both contract lists share, scoped to customers the viewer may see. */
export function contractConds(
  v: Actor,
  f: { keyword?: string; customerId?: number | null; status?: number; startCreateTime?: string; endCreateTime?: string },
): SQL[] {
  const c: SQL[] = [sql`t.enterprise_id = ${v.enterpriseId}`, customerScope(v, sql`t.customer_id`)];
  if (f.keyword) {
    const p = containingPattern(f.keyword);
    c.push(sql`(t.contract_no ilike ${p} or t.name ilike ${p})`);
  }
  if (f.customerId) c.push(sql`t.customer_id = ${f.customerId}`);
  if (f.status) c.push(sql`t.status = ${f.status}`);
  c.push(...createdBetween(sql`t.created_at`, v, f.startCreateTime, f.endCreateTime));
  return c;
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
    await tx.execute(
      sql`delete from ${sql.identifier(CONTRACT_STATE[ops.kind].table)} where enterprise_id = ${v.enterpriseId} and id = any(${bigints(unique)}) and status = 1`,
    );
    await tx.execute(sql`delete from contract_logs where enterprise_id = ${v.enterpriseId} and kind = ${ops.kind} and contract_id = any(${bigints(unique)})`);
  });
}
