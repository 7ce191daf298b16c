import {
  BADGE_COUNT_PATHS,
  type BadgeCountPath,
  badgeEntries,
  buildMenu,
  type CustomMenu,
  diyRouterName,
  formatError,
  type MenuList,
  splitBadge,
} from '@sk/shared';
import type { Deps } from '../../platform/deps';
import type { Actor, UserActor } from '../../platform/actor';
import { AppError } from '../../platform/errors';
import { seatsExceeded } from '../../platform/guards';
import type { SessionUser } from '../../platform/session';
import { countFor } from './badges';
import { grantsFor } from './grants';
import * as repo from './menu.repo';

/**
 * The actor's menu. `user` (the session user) only passes through to the counts and grants of the modules that still
 * read it (orders, pool, dispatch, projects, events, spares).
 */
export async function menuFor(deps: Deps, actor: UserActor, user: SessionUser): Promise<MenuList> {
  const [exceeded, custom, grants] = await Promise.all([
    seatsExceeded(deps.db, actor),
    repo.enabledCustomMenus(deps.db, actor.enterpriseId),
    grantsFor(deps, actor, user),
  ]);
  return buildMenu({
    powers: actor.powers,
    plan: actor.plan.id,
    userType: actor.userType,
    seatsExceeded: exceeded,
    versionMessage: actor.plan.seatNotice ?? formatError('SEAT_EXCEEDED'),
    phone: deps.config.CUSTOMER_SERVICE_PHONE,
    custom,
    grants,
  });
}

const isCountPath = (p: string): p is BadgeCountPath => (BADGE_COUNT_PATHS as readonly string[]).includes(p);

/** Every badge of the user's menu, counted with the spec's query: [entry, count]. */
export async function menuCounts(deps: Deps, actor: UserActor, user: SessionUser) {
  const menu = await menuFor(deps, actor, user);
  return Promise.all(
    badgeEntries(menu).map(async (e) => {
      const { path, query } = splitBadge(e.badge ?? '');
      const n = isCountPath(path) ? await countFor(path, { actor, user, query, deps }) : 0;
      return { entry: e, count: n };
    }),
  );
}

export function presentCustom(r: repo.CustomMenuRow): CustomMenu {
  return {
    id: r.id,
    name: r.name,
    parentId: r.parentId,
    form_type: r.formType,
    url: r.url,
    power: r.power,
    sort: r.sort,
    enabled: r.enabled,
    routerName: diyRouterName(r.parentId, r.id),
    create_time: r.createTime,
  };
}

export interface CustomMenuBody {
  name: string;
  parentId: number;
  form_type: number;
  url?: string | null;
  power?: string | null;
  sort: number;
  enabled: boolean;
}

/** External links keep their url; other kinds drop it. */
export const toInput = (b: CustomMenuBody): repo.CustomMenuInput => ({
  name: b.name,
  parentId: b.parentId,
  formType: b.form_type,
  url: b.form_type === 0 ? (b.url ?? null) : null,
  power: b.power || null,
  sort: b.sort,
  enabled: b.enabled,
});

/** All ids must be ours, or nothing is deleted (another enterprise's id answers not found). */
export async function deleteCustom(deps: Deps, actor: Actor, ids: number[]): Promise<number> {
  const unique = [...new Set(ids)];
  return deps.db.transaction(async (tx) => {
    if ((await repo.countOwned(tx, actor.enterpriseId, unique)) !== unique.length) throw new AppError('NOT_FOUND');
    return repo.deleteCustomMenus(tx, actor.enterpriseId, unique);
  });
}
