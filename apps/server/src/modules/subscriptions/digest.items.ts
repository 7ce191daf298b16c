import { type MenuList, SUBSCRIBE_ITEMS, splitBadge } from '@sk/shared';
import type { SQL } from 'drizzle-orm';
import type { UserActor } from '../../platform/actor';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import type { SessionUser } from '../../platform/session';
import { countFor } from '../menu/index';
import { menuFor } from '../menu/index';
import { warningsKeptBy } from '../spares/index';
import { visitDigestLine } from '../visits/index';
import { countEvents, countOrders, eventsCreatedOn, ordersCreatedOn, ordersEvaluatedOn, ordersFinishedOn, ordersOverdueOn } from './digest.repo';

/**
 * One line provider per subscription item (SUBSCRIBE_ITEMS), in one explicit list. A provider answers the
 * number for one user, or null when the item does not concern them (the menu entry it counts is not in
 * their menu, they keep no warehouse …): the line is left out.
 *
 * To-do items count exactly what the user's menu badge shows at the same moment: they call the menu module's
 * countFor with the badge of the user's own menu entry (the same code the shell's badge calls). Statistics items
 * count the reported day (the day before the digest, enterprise time zone) within the user's order / event scope.
 */
export interface DigestCtx {
  deps: Deps;
  /** The user the digest is for, as a request of his would have him. */
  actor: UserActor;
  /** His session user, only passed on to the menu's counts and grants (see menuFor). */
  user: SessionUser;
  /** The user's built menu (lazy, once per user). */
  menu: () => Promise<MenuList>;
  /** The reported day, 'YYYY-MM-DD': today for to-do items, yesterday for statistics. */
  day: string;
}
/** A line's value: a count, or (for a line of several figures, e.g. 昨日回访) a text. */
export type DigestProvider = (ctx: DigestCtx) => Promise<number | string | null>;

/** The entry of the user's menu with this router name, or null when the user's menu does not show it. */
async function menuEntry(ctx: DigestCtx, routerName: string) {
  const menu = await ctx.menu();
  for (const g of menu.groups) for (const c of g.children) if (c.routerName === routerName) return c;
  return null;
}

/** The badge count of a menu entry, exactly as the shell asks for it; null when the entry is not in the user's menu. */
const badgeOf =
  (routerName: string): DigestProvider =>
  async (ctx) => {
    const entry = await menuEntry(ctx, routerName);
    if (!entry?.badge) return null;
    const { path, query } = splitBadge(entry.badge);
    try {
      return await countFor(path as Parameters<typeof countFor>[0], { actor: ctx.actor, user: ctx.user, query, deps: ctx.deps });
    } catch (err) {
      if (err instanceof AppError && err.code === 'NO_POWER') return null;
      throw err;
    }
  };

/** Orders of the user's scope matching a condition of the reported day. */
const orderStat = (ctx: DigestCtx, on: (day: string, tz: string) => SQL): Promise<number> =>
  countOrders(ctx.deps.db, ctx.actor, on(ctx.day, ctx.actor.timeZone));

/** Events the user sees in his event lists (only for users whose menu shows 我的事件). */
async function eventStat(ctx: DigestCtx, on: (day: string, tz: string) => SQL): Promise<number | null> {
  if (!(await menuEntry(ctx, 'Myevent'))) return null;
  return countEvents(ctx.deps.db, ctx.actor, on(ctx.day, ctx.actor.timeZone));
}

export const DIGEST_PROVIDERS: Record<string, DigestProvider> = {
  // ---- to-do (8:00): the menu badges ----
  todo_acceptance: badgeOf('AcceptanceOrder'),
  todo_dispatch: badgeOf('AssignOrder'),
  // 我的工单's badge: the user's own orders awaiting service (待接单, 待服务).
  todo_service: badgeOf('MyOrder'),
  todo_examine: badgeOf('ExamineOrder'),
  todo_overdue: badgeOf('DueOrder'),
  todo_event: badgeOf('Myevent'),
  todo_spare_warning: (ctx) => warningsKeptBy(ctx.deps.db, ctx.actor.enterpriseId, ctx.actor.id),

  // ---- statistics (8:30): the day before, in the user's scope ----
  stat_order_created: (ctx) => orderStat(ctx, ordersCreatedOn),
  stat_order_finished: (ctx) => orderStat(ctx, ordersFinishedOn),
  stat_order_overdue: (ctx) => orderStat(ctx, ordersOverdueOn),
  stat_event_created: (ctx) => eventStat(ctx, eventsCreatedOn),
  stat_evaluation: (ctx) => orderStat(ctx, ordersEvaluatedOn),
  // The return-visit report's figures of the day (modules/visits/report.service.ts), for users whose menu shows 回访报表.
  stat_return_visit: async (ctx) => ((await menuEntry(ctx, 'ReturnVisitReport')) ? visitDigestLine(ctx.deps.db, ctx.actor, ctx.day) : null),
};

// Every subscription item has its provider, and no provider is left without an item.
for (const i of SUBSCRIBE_ITEMS) if (!DIGEST_PROVIDERS[i.code]) throw new Error(`subscription item ${i.code} has no digest provider`);
for (const code of Object.keys(DIGEST_PROVIDERS)) if (!SUBSCRIBE_ITEMS.some((i) => i.code === code)) throw new Error(`unknown subscription item ${code}`);

export const digestContext = (deps: Deps, actor: UserActor, user: SessionUser, day: string): DigestCtx => {
  let menu: Promise<MenuList> | null = null;
  return {
    deps,
    actor,
    user,
    day,
    menu: () => {
      menu ??= menuFor(deps, actor, user);
      return menu;
    },
  };
};
