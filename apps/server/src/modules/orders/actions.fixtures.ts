import { sql } from 'drizzle-orm';
import { rows } from '../../db/client';
import { type Client, loggedIn } from '../../test/factories';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { insertOrder } from './test-helpers';
import type { OrderRecord } from './orders.repo';

/** The people of one enterprise, each logged in: administrator, dispatcher, engineer, a second engineer, acceptance desk, employee, warehouse keeper. */
export async function team(t: TestApp, plan: 0 | 1 | 2 = 1) {
  const admin = await loggedIn(t.app, t.deps.db, { roles: [3], plan });
  const ep = admin.enterpriseId;
  const as = async (role: number) => {
    const u = await loggedIn(t.app, t.deps.db, { roles: [role], enterpriseId: ep });
    return { client: u.client, id: u.user.id };
  };
  return {
    ep,
    admin: { client: admin.client, id: admin.user.id },
    dispatcher: await as(1),
    engineer: await as(2),
    engineer2: await as(2),
    desk: await as(6),
    employee: await as(4),
    keeper: await as(9),
  };
}
export type Team = Awaited<ReturnType<typeof team>>;

export type Row = Record<string, unknown>;

export const orderRow = async (t: TestApp, ep: number, id: number): Promise<Row> =>
  (await rows<OrderRecord>(t.deps.db, sql`select * from orders where enterprise_id = ${ep} and id = ${id}`))[0] as Row;

/** The order's log, oldest first. */
export const logsOf = (t: TestApp, ep: number, id: number) =>
  rows<{ action: string; from_state: number | null; to_state: number; user_id: number | null; note: string | null; changed: Row | null }>(
    t.deps.db,
    sql`select action, from_state, to_state, user_id, note, changed from order_logs where enterprise_id = ${ep} and order_id = ${id} order by id`,
  );

/** An order of the team in a state, with its engineer (state ≥ 2) and creator set. */
export async function orderIn(t: TestApp, tm: Team, state: number, cols: Row = {}): Promise<number> {
  const people = state >= 2 && state <= 5 ? { service_user_id: tm.engineer.id, dispatcher_id: tm.dispatcher.id } : {};
  return insertOrder(t.deps.db, tm.ep, { state, created_by: tm.employee.id, ...people, ...cols });
}

/** A 1×1 PNG saved as an upload of the client's enterprise (a signature). */
export async function signatureUpload(c: Client): Promise<number> {
  const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
  const r = await c.post('/upload/save/str', { data: `data:image/png;base64,${png}`, name: '签名.png' });
  if (!r.success) throw new Error(r.message);
  return Number(r.data.id);
}

/** A test file's app and team: made once before its tests (handed to `use`), closed after them. */
export function withTeamApp(use: (app: TestApp, team: Team) => void): void {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await createTestApp();
    use(app, await team(app));
  });
  afterAll(async () => app?.close());
}
