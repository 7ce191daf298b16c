import type { ReportAxis } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import { makeUser } from '../../test/factories';

/** The orders' column of each date axis, for the tests' own counts. */
export const AXIS_COL: Record<ReportAxis, string> = { created: 'created_at', completed: 'finished_at', approved: 'complete_examined_at' };
/** The period the report tests read: March 2026, whole days. */
export const PERIOD = { startTime: '2026-03-01 00:00:00', endTime: '2026-03-31 23:59:59' };

/** Two engineers, two teams and two order templates of an enterprise, each list with a "none" where an order may have none. */
export async function reportDimensions(db: Executor, ep: number) {
  const one = async (q: ReturnType<typeof sql>) => Number((await rows<{ id: number }>(db, q))[0]?.id);
  const engineers = [(await makeUser(db, ep, { roles: [2] })).id, (await makeUser(db, ep, { roles: [2] })).id, null];
  const teams = [
    await one(sql`insert into service_groups (enterprise_id, name) values (${ep}, '一组') returning id`),
    await one(sql`insert into service_groups (enterprise_id, name) values (${ep}, '二组') returning id`),
    null,
  ];
  const templates = [
    await one(sql`insert into form_templates (enterprise_id, form_kind, name) values (${ep}, 1, '安装') returning id`),
    await one(sql`insert into form_templates (enterprise_id, form_kind, name) values (${ep}, 1, '维修') returning id`),
  ];
  return { one, engineers, teams, templates };
}
