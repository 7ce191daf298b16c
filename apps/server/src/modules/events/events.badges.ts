import { EVENT_POWERS, hasPower } from '@sk/shared';
import { registerBadgeCount, withPower } from '../menu/index';
import { countEvents, principalCond, undeliveredCond } from './events.repo';

/** The shell's event badges, registered with the menu module's count paths, each behind its page's power. */
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
  registerBadgeCount(
    '/v2/event/getUnDeliverEventListCount',
    withPower(EVENT_POWERS.assign, (ex, a) => countEvents(ex, undeliveredCond(a))),
  );
  // The pool to claim: the same open, undispatched events, counted for those who claim them. Whoever holds
  // 待分配事件 has them counted there, and his to-dos would list the same events twice (docs/decisions.md, Events).
  registerBadgeCount(
    '/v2/event/getShelterEventListCount',
    withPower(EVENT_POWERS.shelters, (ex, a) => (hasPower(a.powers, EVENT_POWERS.assign) ? Promise.resolve(0) : countEvents(ex, undeliveredCond(a)))),
  );
  // Mine: the events I am principal of, by processStates (default 0,1) and close_state (default 0).
  registerBadgeCount(
    '/v2/event/getPrincipalEventListCount',
    withPower(EVENT_POWERS.mine, (ex, a, query) => countEvents(ex, principalCond(a, csv(query.processStates, [0, 1]), bit(query.close_state, 0)))),
  );
}
