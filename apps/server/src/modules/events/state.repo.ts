// The statements of event actions (event.state.ts): who sees which events, the locked read an action decides on, its stamps.
import { type SQL, sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client';
import type { LockedEventRow } from './events.types';
import { principalRolesColumn, settingColumns } from './settings.repo';

/**
 * The events a user sees on an `events` row aliased `alias`: all the enterprise's (`staff`), else those they created,
 * handle, dispatched, escalated or collaborate on, and (`pool`) the unclaimed ones.
 */
export function visibleEvents(alias: string, userId: number, o: { staff: boolean; pool: boolean }): SQL {
  const a = sql.raw(alias);
  if (o.staff) return sql`${a}.deleted_at is null`;
  const pool = o.pool ? sql` or (${a}.dispatch_state = 0 and ${a}.close_state = 0)` : sql``;
  return sql`${a}.deleted_at is null and (${a}.principal_id = ${userId} or ${a}.created_by = ${userId} or ${a}.dispatcher_id = ${userId}
    or ${a}.upgrade_user_id = ${userId} or ${userId} = any(${a}.collaborator_ids)${pool})`;
}

/**
 * The event within `scope`, locked FOR UPDATE, with the template's setting and, for `principalId`, the principal's roles
 * (settings.repo.ts columns); a row of nulls when not found.
 */
export async function lockedEvent(tx: Tx, enterpriseId: number, id: number, scope: SQL, principalId: number | null): Promise<LockedEventRow | undefined> {
  const [got] = await rows<LockedEventRow>(
    tx,
    sql`with e as (select e.*, ${settingColumns()} from events e
        where e.enterprise_id = ${enterpriseId} and e.id = ${id} and ${scope} for update of e)
      select e.*${principalId == null ? sql`` : sql`, ${principalRolesColumn(enterpriseId, principalId)}`} from (select 1) one left join e on true`,
  );
  return got;
}
