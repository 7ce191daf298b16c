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
import { AppError } from '../../platform/errors';
import { seatsExceeded } from '../../platform/guards';
import type { SessionUser } from '../../platform/session';
import { countFor } from './badges';
import { grantsFor } from './grants';
import * as repo from './menu.repo';

export async function menuFor(deps: Deps, user: SessionUser): Promise<MenuList> {
  const [exceeded, custom, grants] = await Promise.all([
    seatsExceeded(deps.db, user),
    repo.enabledCustomMenus(deps.db, user.enterpriseId),
    grantsFor(deps, user),
  ]);
  return buildMenu({
    powers: user.powers,
    plan: user.enterprise.isChargeUser,
    userType: user.userType,
    seatsExceeded: exceeded,
    versionMessage: user.enterprise.versionMessage ?? formatError('SEAT_EXCEEDED'),
    phone: deps.config.CUSTOMER_SERVICE_PHONE,
    custom,
    grants,
  });
}

const isCountPath = (p: string): p is BadgeCountPath => (BADGE_COUNT_PATHS as readonly string[]).includes(p);

/** Every badge of the user's menu, counted with the spec's query: [entry, count]. */
export async function menuCounts(deps: Deps, user: SessionUser) {
  const menu = await menuFor(deps, user);
  return Promise.all(
    badgeEntries(menu).map(async (e) => {
      const { path, query } = splitBadge(e.badge ?? '');
      const n = isCountPath(path) ? await countFor(path, { user, query, deps }) : 0;
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
export async function deleteCustom(deps: Deps, user: SessionUser, ids: number[]): Promise<number> {
  const unique = [...new Set(ids)];
  return deps.db.transaction(async (tx) => {
    if ((await repo.countOwned(tx, user.enterpriseId, unique)) !== unique.length) throw new AppError('NOT_FOUND');
    return repo.deleteCustomMenus(tx, user.enterpriseId, unique);
  });
}
