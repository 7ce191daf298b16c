import { sql } from 'drizzle-orm';
import { rows } from '../../db/client';
import { registerBadgeCount } from '../menu/badges';
import { actorOf } from '../../platform/actor';
import { eventScope } from './event.state';

/** The shell's two event badges, registered with the menu module's count paths. */
const csv = (v: unknown, fallback: number[]): number[] => {
  const list = String(v ?? '')
    .split(',')
    .map((x) => Number(x))
    .filter((x) => Number.isInteger(x) && x >= 0 && x <= 2);
  return list.length ? list : fallback;
};
const bit = (v: unknown, fallback: number): number => (v === '0' || v === '1' ? Number(v) : fallback);

const count = async (db: Parameters<typeof rows>[0], where: ReturnType<typeof sql>): Promise<number> => {
  const [r] = await rows<{ n: number }>(db, sql`select count(*)::int as n from (select 1 from events e where ${where} limit 10001) w`);
  return Number(r?.n ?? 0);
};

export function registerEventBadges(): void {
  // Awaiting assignment: open events nobody was assigned to or claimed.
  registerBadgeCount('/v2/event/getUnDeliverEventListCount', ({ user, deps }) => {
    const v = actorOf(user);
    return count(deps.db, sql`e.enterprise_id = ${v.enterpriseId} and ${eventScope(v)} and e.dispatch_state = 0 and e.close_state = 0`);
  });
  // Mine: the events I am principal of, by processStates (default 0,1) and close_state (default 0).
  registerBadgeCount('/v2/event/getPrincipalEventListCount', ({ user, query, deps }) => {
    const v = actorOf(user);
    const states = csv(query.processStates, [0, 1]);
    return count(
      deps.db,
      sql`e.enterprise_id = ${v.enterpriseId} and e.deleted_at is null and e.principal_id = ${v.id}
        and e.process_state in (${sql.join(
          states.map((s) => sql`${s}`),
          sql`, `,
        )}) and e.close_state = ${bit(query.close_state, 0)}`,
    );
  });
}
