// What the engineer's app keeps for a start with no network (docs/phone.md "离线使用"), asked right after login and
// whenever the app starts or the network comes back, so that what is there offline does not depend on how long he
// stayed online or which pages he opened: through the service worker (scripts/sw.ts), which keeps each answer, it
// reads again what the page read before the worker was in control (the session user, the menu, settings — a first
// visit's reads pass the worker by), and his own open orders (待接单, 待服务, 服务中) with each order's detail, tabs,
// timeline, messages, related orders, parts and the completion's two forms; and the parts he holds (我的备件).
import type { SessionUserInfo } from '@sk/shared/account/account.contract';
import { formsContract } from '@sk/shared/forms/forms.contract';
import { orderDetailContract } from '@sk/shared/orders/order.detail.contract';
import { orderListContract } from '@sk/shared/orders/order.list.contract';
import { sparesContract } from '@sk/shared/spares/spares.contract';
import { type CallOptions, call } from '../api';
import { isOfflineRead } from './paths';

/** Written when a round of keeping ends: `{ user, at, orders }` (the offline test waits for it). */
export const KEPT_KEY = 'sk_offline_kept';
/** The open tabs of 我的工单 whose orders are kept. */
const OPEN_TABS = ['toAccept', 'toServe', 'inService'] as const;
/** At most this many orders per tab (one page). */
const PAGE = 50;
/** How long to wait for a first visit's worker to take control before giving up this round. */
const CONTROL_WAIT_MS = 60_000;
/** A new round no sooner than this after the last (the network flapping in a basement). */
const ROUND_GAP_MS = 60_000;

const quiet: CallOptions = { silent: true, noRedirect: true };
let running: Promise<void> | null = null;
let lastRound = 0;

function controlled(): Promise<boolean> {
  const sw = navigator.serviceWorker;
  if (sw.controller) return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (v: boolean) => {
      clearTimeout(timer);
      sw.removeEventListener('controllerchange', on);
      resolve(v);
    };
    const on = () => done(true);
    const timer = setTimeout(() => done(!!sw.controller), CONTROL_WAIT_MS);
    sw.addEventListener('controllerchange', on);
  });
}

/** The kept reads this page made before a worker was in control: read again, through it now. */
async function readAgainPassedBy(): Promise<void> {
  const seen = new Set<string>();
  for (const e of performance.getEntriesByType('resource') as PerformanceResourceTiming[]) {
    if (e.initiatorType !== 'fetch' || e.workerStart > 0) continue;
    const u = new URL(e.name);
    if (u.origin === location.origin && isOfflineRead(u.pathname)) seen.add(u.pathname + u.search);
  }
  await Promise.all([...seen].map((url) => fetch(url, { credentials: 'same-origin' }).catch(() => null)));
}

async function keepOrder(orderId: number): Promise<void> {
  const [detail] = await Promise.all([
    call(orderDetailContract.orderDetail, { orderId }, quiet),
    call(orderDetailContract.getOrderTab, { orderId }, quiet),
    call(orderDetailContract.logs, { orderId }, quiet).catch(() => null),
    call(orderDetailContract.messageList, { orderId, pageIndex: 0, pageSize: 100 }, quiet).catch(() => null),
    call(orderDetailContract.relatedList, { orderId }, quiet).catch(() => null),
    call(sparesContract.orderParts, { orderId }, quiet).catch(() => null),
  ]);
  // The completion's own form, as the dialog asks for it (ActionDialog's useDefinition).
  await call(formsContract.dcFormInfo, { type: 1, tmpId: detail.orderType.id, versionId: detail.templateVersionId ?? undefined }, quiet).catch(() => null);
}

type Keeper = Pick<SessionUserInfo, 'id' | 'sysrole'>;

async function round(user: Keeper): Promise<void> {
  if (!(await controlled())) return;
  await readAgainPassedBy();
  let orders = 0;
  // An engineer's own open orders (a desk user's lists are not an offline matter).
  if (user.sysrole === 2) {
    const ids = new Set<number>();
    for (const tab of OPEN_TABS) {
      const page = await call(orderListContract.getAllOrderList, { scope: 'mine', tab, pageSize: PAGE } as never, quiet);
      for (const r of page.list) ids.add(r.id);
    }
    // The receipt form (工单回执) is one for all orders.
    if (ids.size) await call(formsContract.dcFormInfo, { type: 9 } as never, quiet).catch(() => null);
    // The parts he holds: 我的备件's first page and 登记备件's picker (a role without 我的备件 is refused: nothing kept).
    await Promise.all([
      call(sparesContract.mine, { pageIndex: 0, pageSize: PAGE } as never, quiet).catch(() => null),
      call(sparesContract.mineOptions, {}, quiet).catch(() => null),
    ]);
    for (const id of ids) {
      await keepOrder(id).then(
        () => orders++,
        () => {},
      );
    }
  }
  try {
    localStorage.setItem(KEPT_KEY, JSON.stringify({ user: user.id, at: Date.now(), orders }));
  } catch {
    // no local storage: nothing to tell
  }
}

/** One round of keeping for the signed-in user, unless one runs or ran a moment ago; never fails. */
export function keepForOffline(user: Keeper): Promise<void> {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return Promise.resolve();
  if (running) return running;
  if (Date.now() - lastRound < ROUND_GAP_MS) return Promise.resolve();
  running = round(user)
    .catch(() => {
      // offline or refused: the next start or return of the network tries again
    })
    .finally(() => {
      lastRound = Date.now();
      running = null;
    });
  return running;
}
