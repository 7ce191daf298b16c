// What a route is, and the pure questions about one (may this user open it, which menu entry it belongs to).
// No page is imported here: the shell and every feature's route table (features/<area>/routes.ts) import this file,
// and app/routes.tsx (which concatenates the tables, hence reaches every page lazily) is imported by app/ alone.
import type { SessionUserInfo } from '@sk/shared/account/account.contract';
import { FREE, type FreeFeature } from '@sk/shared/auth/plans';
import { hasPower } from '@sk/shared/auth/powers';
import type { FirstList } from './list';
import type { LazyPage } from './lazyPage';

export interface PageRoute {
  path: string;
  /** Tab title. */
  title: string;
  page: LazyPage;
  /** Power code the page needs; a menu entry with the same path lends its own when absent. */
  power?: string;
  /** Any one of these opens the page too: set from every menu entry (staff or provider set) that shares its path. */
  anyPower?: string[];
  /** The menu entry (routerName) a page outside the menu belongs to, when its path would point elsewhere. */
  menu?: string;
  /** The same, read from the page's query (a page that several lists open); `menu` when it names none. */
  menuOf?: (query: URLSearchParams) => string | undefined;
  /** Stays mounted while its tab is hidden. */
  keepAlive?: boolean;
  /** Shown in place without a tab of its own (error pages: closing them would lead nowhere). */
  noTab?: boolean;
  /** Refused while a paid plan's seats are exceeded. */
  quotaDisabled?: boolean;
  /** Free-plan locked feature: the page shows the upgrade notice instead. */
  freeLock?: FreeFeature;
  /** A list page with saved search plans under its own path: opening it asks for its default plan at start-up. */
  searchPlans?: boolean;
  /**
   * GET reads without input that the page waits for before its first load (e.g. the order lists' column setting):
   * opening the page at its address asks for them at start-up, beside the session, instead of after its chunks.
   */
  warm?: string[];
  /**
   * A list page's first page for the URL's query and the session user (null: it depends on more), from a small
   * module of its own: opening the page at its address asks for it at start-up, with the page's chunks (app/warmup.ts).
   */
  firstList?: (search: URLSearchParams, user: SessionUserInfo) => Promise<FirstList | null>;
}

export interface PublicRoute {
  path: string;
  page: LazyPage;
}

/** Paths compare without case (the spec's menu paths and the pages disagree on capitals). */
export const samePath = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** True when the user holds what the route asks: its power, or one of its alternatives. */
export const routeAllows = (powers: readonly string[], r: Pick<PageRoute, 'power' | 'anyPower'>): boolean =>
  r.anyPower ? r.anyPower.some((p) => powers.includes(p)) : hasPower(powers, r.power);

/**
 * Whether the page itself shows for this user, not what the guard shows instead (shell/PageGuard.tsx: the power, the
 * free plan's lock, the seat quota): the warm-up reads nothing for a page that will not show, whose list would only
 * answer with the refusal the guard already shows.
 */
export const pageOpens = (user: Pick<SessionUserInfo, 'powers' | 'isChargeUser' | 'seatsExceeded'>, r: PageRoute): boolean =>
  routeAllows(user.powers, r) && !(r.freeLock && user.isChargeUser === FREE) && !(r.quotaDisabled && user.seatsExceeded);

/** The menu entry a route belongs to at this query (menuOf, then menu). */
export const menuOfRoute = (route: PageRoute, search: string): string | undefined => route.menuOf?.(new URLSearchParams(search)) ?? route.menu;
