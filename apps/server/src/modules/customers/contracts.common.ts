import { type SQL, sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client';
import { rows } from '../../db/client';
import { AppError } from '../../platform/errors';
import { isUniqueViolation } from '../settings/sql-helpers';
import { bigints, createdBetween, customerScope, timeOf, type Viewer, visibleCustomer } from './common';

export type ContractKind = 'sale' | 'maintain';
const PREFIX: Record<ContractKind, string> = { sale: 'HT', maintain: 'WB' };

/** A readable number from the enterprise's counter: HT20240501-0001 / WB20240501-0001. */
export async function nextContractNo(tx: Tx, v: Viewer, kind: ContractKind): Promise<string> {
  const [r] = await rows<{ value: number }>(
    tx,
    sql`insert into counters (enterprise_id, name, value) values (${v.enterpriseId}, ${`${kind}_contract`}, 1)
      on conflict (enterprise_id, name) do update set value = counters.value + 1 returning value`,
  );
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: v.timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date()).replaceAll('-', '');
  return `${PREFIX[kind]}${day}-${String(r?.value ?? 1).padStart(4, '0')}`;
}

export function noTaken(err: unknown): never {
  if (isUniqueViolation(err)) throw new AppError('CONTRACT_NO_TAKEN');
  throw err;
}

/** Who changes a contract: a user, or the system (id null, e.g. the daily date job). */
export type Actor = Pick<Viewer, 'enterpriseId'> & { id: number | null };

export async function writeLog(tx: Tx, v: Actor, kind: ContractKind, contractId: number, from: number | null, to: number, note?: string | null): Promise<void> {
  await tx.execute(sql`insert into contract_logs (enterprise_id, kind, contract_id, from_state, to_state, note, user_id)
    values (${v.enterpriseId}, ${kind}, ${contractId}, ${from}, ${to}, ${note ?? null}, ${v.id})`);
}

export async function logsOf(ex: Executor, v: Viewer, kind: ContractKind, contractId: number) {
  const list = await rows<{ from_state: number | null; to_state: number; note: string | null; user_name: string | null; create_time: string }>(
    ex,
    sql`select l.from_state, l.to_state, l.note, u.name as user_name, ${timeOf(sql`l.created_at`, v)} as create_time
      from contract_logs l left join users u on u.enterprise_id = l.enterprise_id and u.id = l.user_id
      where l.enterprise_id = ${v.enterpriseId} and l.kind = ${kind} and l.contract_id = ${contractId} order by l.created_at, l.id`,
  );
  return list.map((l) => ({ fromState: l.from_state == null ? null : Number(l.from_state), toState: Number(l.to_state), note: l.note, userName: l.user_name, create_time: l.create_time }));
}

/** Locks the contract, checks its state is one of `from`, moves it to `to` (compare-and-set); answers the old state. */
export async function moveState(tx: Tx, v: Actor, table: 'sale_contracts' | 'maintain_contracts', id: number, from: readonly number[], to: number): Promise<number> {
  const t = sql.identifier(table);
  const [cur] = await rows<{ status: number }>(tx, sql`select status from ${t} where enterprise_id = ${v.enterpriseId} and id = ${id} for update`);
  if (!cur) throw new AppError('NOT_FOUND');
  const prev = Number(cur.status);
  if (!from.includes(prev)) throw new AppError('INVALID_STATE');
  await tx.execute(sql`update ${t} set status = ${to}, updated_at = now() where enterprise_id = ${v.enterpriseId} and id = ${id} and status = ${prev}`);
  return prev;
}

/** Filters both contract lists share, scoped to customers the viewer may see. */
export function contractConds(
  v: Viewer,
  f: { keyword?: string; customerId?: number | null; status?: number; startCreateTime?: string; endCreateTime?: string },
): SQL[] {
  const c: SQL[] = [sql`t.enterprise_id = ${v.enterpriseId}`, customerScope(v, sql`t.customer_id`)];
  if (f.keyword) {
    const p = `%${f.keyword.replace(/[\\%_]/g, (x) => `\\${x}`)}%`;
    c.push(sql`(t.contract_no ilike ${p} or t.name ilike ${p})`);
  }
  if (f.customerId) c.push(sql`t.customer_id = ${f.customerId}`);
  if (f.status) c.push(sql`t.status = ${f.status}`);
  c.push(...createdBetween(sql`t.created_at`, v, f.startCreateTime, f.endCreateTime));
  return c;
}

type ContractTable = 'sale_contracts' | 'maintain_contracts';
interface ContractRow {
  status: number;
  customerId: number;
}

/** What the two contract kinds differ in, for the shared state change and delete. */
export interface ContractOps {
  kind: ContractKind;
  table: ContractTable;
  one(ex: Executor, v: Viewer, id: number): Promise<ContractRow>;
  byIds(ex: Executor, v: Viewer, ids: number[]): Promise<ContractRow[]>;
}

/** One action on a contract the viewer may edit: legal transition, compare-and-set, log row — in one transaction. */
export async function moveContract(db: Db, v: Viewer, ops: ContractOps, id: number, next: (status: number) => number | null, note?: string | null): Promise<void> {
  await db.transaction(async (tx) => {
    const cur = await ops.one(tx, v, id);
    if (!(await visibleCustomer(tx, v, cur.customerId)).canEdit) throw new AppError('NO_POWER');
    const to = next(cur.status);
    if (to == null) throw new AppError('INVALID_STATE');
    const from = await moveState(tx, v, ops.table, id, [cur.status], to);
    await writeLog(tx, v, ops.kind, id, from, to, note);
  });
}

/** Deletes contracts still in their first state (1), all or none, with their logs. */
export async function deleteContracts(db: Db, v: Viewer, ops: ContractOps, ids: number[]): Promise<void> {
  const unique = [...new Set(ids)];
  await db.transaction(async (tx) => {
    const found = await ops.byIds(tx, v, unique);
    if (found.length !== unique.length) throw new AppError('NOT_FOUND');
    if (found.some((c) => c.status !== 1)) throw new AppError('INVALID_STATE');
    for (const c of found) if (!(await visibleCustomer(tx, v, c.customerId)).canEdit) throw new AppError('NO_POWER');
    await tx.execute(sql`delete from ${sql.identifier(ops.table)} where enterprise_id = ${v.enterpriseId} and id = any(${bigints(unique)}) and status = 1`);
    await tx.execute(sql`delete from contract_logs where enterprise_id = ${v.enterpriseId} and kind = ${ops.kind} and contract_id = any(${bigints(unique)})`);
  });
}
