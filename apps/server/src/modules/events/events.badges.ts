import { EVENT_POWERS, hasPower } from '@sk/shared';
import { registerBadgeCount, withPower } from '../menu/badges';
import { actorOf } from '../../platform/actor';
import { countEvents, principalCond, undeliveredCond } from './events.repo';

/** The shell's two event badges, registered with the menu module's count paths. */
const csv = (v: unknown, fallback: number[]): number[] => {
  const list = String(v ?? '')
    .split(',')
    .map((x) => Number(x))
    .filter((x) => Number.isInteger(x) && x >= 0 && x <= 2);
  return list.length ? list : fallback;
};
const bit = (v: unknown, fallback: number): number => (v === '0' || v === '1' ? Number(v) : fallback);

export function registerEventBadges(): void {
  // Awaiting assignment: open events nobody was assigned to or claimed.
  registerBadgeCount('/v2/event/getUnDeliverEventListCount', ({ user, deps }) => {
    const v = actorOf(user);
    return countEvents(deps.db, undeliveredCond(v));
  });
  // The pool to claim: the same open, undispatched events, counted for those who claim them. Whoever holds
  // 待分配事件 has them counted there, and his to-dos would list the same events twice (docs/decisions.md, Events).
  registerBadgeCount(
    '/v2/event/getShelterEventListCount',
    withPower(EVENT_POWERS.shelters, (ex, a) => (hasPower(a.powers, EVENT_POWERS.assign) ? Promise.resolve(0) : countEvents(ex, undeliveredCond(a)))),
  );
  // Mine: the events I am principal of, by processStates (default 0,1) and close_state (default 0).
  registerBadgeCount('/v2/event/getPrincipalEventListCount', ({ user, query, deps }) => {
    const v = actorOf(user);
    const states = csv(query.processStates, [0, 1]);
    return countEvents(deps.db, principalCond(v, states, bit(query.close_state, 0)));
  });
}
