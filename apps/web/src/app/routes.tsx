// The route table: every feature's own table (features/<area>/routes.ts: path, lazy page, power code, keep-alive),
// concatenated here, the composition root; the shell's pages come from shell/routes.ts.
import { MENU_ENTRIES, type MenuEntry, PROVIDER_ONLY_ENTRIES, SYSTEM_SETTING_MENU } from '@sk/shared/auth/menus';
import { lazyPage } from '../lib/lazyPage';
import { type PageRoute, type PublicRoute, samePath } from '../lib/route';
import { APIDOCS_ROUTES } from '../features/apidocs/routes';
import { APPROVAL_ROUTES } from '../features/approvals/routes';
import { AUTH_PUBLIC_ROUTES } from '../features/auth/routes';
import { AUTOMATION_ROUTES } from '../features/automation/routes';
import { CALLS_ROUTES } from '../features/calls/routes';
import { CHANNEL_PUBLIC_ROUTES, CHANNEL_ROUTES } from '../features/channels/routes';
import { COMMERCE_ROUTES } from '../features/commerce/routes';
import { CUSTOMER_ROUTES } from '../features/customers/routes';
import { CYCLE_ROUTES } from '../features/cycle/routes';
import { DISPATCH_ROUTES } from '../features/dispatch/routes';
import { EVENT_ROUTES } from '../features/events/routes';
import { FORM_ROUTES } from '../features/forms/routes';
import { HELP_ROUTES } from '../features/help/routes';
import { KNOWLEDGE_ROUTES } from '../features/knowledge/routes';
import { NOTICE_ROUTES } from '../features/notices/routes';
import { ORDER_ROUTES } from '../features/orders/routes';
import { ORG_ROUTES } from '../features/org/routes';
import { POOL_ROUTES } from '../features/pool/routes';
import { PORTAL_ROUTES } from '../features/portal/routes';
import { PROCESS_ROUTES } from '../features/process/routes';
import { PROJECT_ROUTES } from '../features/projects/routes';
import { PROVIDER_ROUTES } from '../features/provider/routes';
import { QUALITY_ROUTES } from '../features/quality/routes';
import { REPORT_ROUTES } from '../features/reports/routes';
import { ROLE_ROUTES } from '../features/roles/routes';
import { SCHEDULE_ROUTES } from '../features/schedule/routes';
import { SEARCH_ROUTES } from '../features/search/routes';
import { SETTINGS_ROUTES } from '../features/settings/routes';
import { SETTLE_ROUTES } from '../features/settle/routes';
import { SLA_ROUTES } from '../features/sla/routes';
import { SPARE_ROUTES } from '../features/spares/routes';
import { TAG_ROUTES } from '../features/tags/routes';
import { VISIT_PUBLIC_ROUTES, VISIT_ROUTES } from '../features/visits/routes';
import { SHELL_PUBLIC_ROUTES, SHELL_ROUTES } from '../shell/routes';

export { menuOfRoute, type PageRoute, type PublicRoute, routeAllows } from '../lib/route';

const ComingSoon = lazyPage(() => import('../shell/pages/ComingSoon'));

/** Children of the layout. */
export const LAYOUT_ROUTES: PageRoute[] = [
  ...SHELL_ROUTES,
  ...FORM_ROUTES,
  ...HELP_ROUTES,
  ...ORG_ROUTES,
  ...SETTINGS_ROUTES,
  ...TAG_ROUTES,
  ...CHANNEL_ROUTES,
  ...ROLE_ROUTES,
  ...APIDOCS_ROUTES,
  ...EVENT_ROUTES,
  ...CUSTOMER_ROUTES,
  ...ORDER_ROUTES,
  ...SCHEDULE_ROUTES,
  ...VISIT_ROUTES,
  ...REPORT_ROUTES,
  ...QUALITY_ROUTES,
  ...KNOWLEDGE_ROUTES,
  ...CYCLE_ROUTES,
  ...CALLS_ROUTES,
  ...PROCESS_ROUTES,
  ...DISPATCH_ROUTES,
  ...APPROVAL_ROUTES,
  ...SPARE_ROUTES,
  ...PROJECT_ROUTES,
  ...POOL_ROUTES,
  ...SLA_ROUTES,
  ...NOTICE_ROUTES,
  ...SETTLE_ROUTES,
  ...COMMERCE_ROUTES,
  ...PROVIDER_ROUTES,
  ...AUTOMATION_ROUTES,
  ...SEARCH_ROUTES,
];

/** Outside the layout: login and app-shell pages, the guard pages, the public survey and the customer portal. */
export const PUBLIC_ROUTES: PublicRoute[] = [...AUTH_PUBLIC_ROUTES, ...SHELL_PUBLIC_ROUTES, ...CHANNEL_PUBLIC_ROUTES, ...VISIT_PUBLIC_ROUTES, ...PORTAL_ROUTES];

/** The powers that open a page: its own, or the power of any menu entry (either menu set) with its path. */
function powersOf(r: PageRoute, same: MenuEntry[]): Pick<PageRoute, 'power' | 'anyPower'> {
  // A page that names its power keeps it; '' opens it to every user even where a menu entry shares its path.
  if (r.power !== undefined) return { power: r.power };
  const codes = [...new Set(same.map((e) => e.power))];
  return codes.length > 1 ? { anyPower: codes } : { power: codes[0] };
}

/** A page that is also a menu entry takes the entry's power, free-plan lock and quota flag unless it sets its own. */
function withMenuFlags(r: PageRoute, entries: MenuEntry[]): PageRoute {
  const same = entries.filter((m) => samePath(m.path, r.path));
  const e = same[0];
  if (!e) return r;
  // An entry this edition has no page for promises nothing behind a lock (docs/decisions.md, Roles and menus).
  const lock = e.comingSoon ? undefined : e.freeLock;
  return { ...r, ...powersOf(r, same), freeLock: r.freeLock ?? lock, quotaDisabled: r.quotaDisabled ?? e.quotaDisabled };
}

const SETTING_ENTRY: MenuEntry = { ...SYSTEM_SETTING_MENU, parentId: 0, formType: 2 };
const ALL_ENTRIES = [...MENU_ENTRIES, ...PROVIDER_ONLY_ENTRIES, SETTING_ENTRY];

let built: PageRoute[] | undefined;

/** Every layout route: the table above, then one "即将上线" page for each menu path that has no page yet (made once). */
export function layoutRoutes(): PageRoute[] {
  built ??= buildLayoutRoutes();
  return built;
}

function buildLayoutRoutes(): PageRoute[] {
  const own = LAYOUT_ROUTES.map((r) => withMenuFlags(r, ALL_ENTRIES));
  const soon: PageRoute[] = [];
  for (const e of ALL_ENTRIES) {
    if ([...own, ...soon].some((r) => samePath(r.path, e.path))) continue;
    soon.push(withMenuFlags({ path: e.path, title: e.name, page: ComingSoon }, ALL_ENTRIES));
  }
  return [...own, ...soon];
}

/** True when a menu path has a page of its own in this build (not the "即将上线" placeholder). */
export const hasPage = (path: string): boolean => LAYOUT_ROUTES.some((r) => samePath(r.path, path));
