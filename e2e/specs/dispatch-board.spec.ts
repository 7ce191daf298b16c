import { expect, type Page } from '@playwright/test';
import { dragOnto, shot, test } from './helpers';
import { ADMIN, ApiUser, DISPATCHER, logInAt, pinnedOrder, quietGuide } from './shell.support';

// The dispatch board as the dispatcher works it: an order waiting for an engineer is clicked on the map and dispatched to
// the nearest engineer; another is dragged from the board's side pane onto an engineer's free hour, which dispatches
// and books it, and a second dispatcher's board shows the booking live. The map runs with no tiles (a dead tile URL).

const FLOW = 'dispatch-board';
const ENGINEER = '13800000002';
const PHONE = { width: 390, height: 844 };
const DEAD_TILES = 'http://127.0.0.1:9/{z}/{x}/{y}.png';

const today = (): string => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
const tomorrow = (): string => new Date(Date.now() + 32 * 3600_000).toISOString().slice(0, 10);

/** Shows `day` on the dispatch board (its date is page state: a reload shows today again). */
async function boardOn(page: Page, day: string): Promise<void> {
  await page.getByLabel('日期').click();
  await page.getByLabel('日期').fill(day);
  await page.getByLabel('日期').press('Enter');
}

/** The first working hour of the day (today: still to come) with no visit of the engineer within an hour of it, besides `skip`. */
async function freeHour(admin: ApiUser, engineerId: number, d = today(), skip: string[] = []): Promise<string> {
  const r = await admin.get(`/v2/schedule/table/dispatch?startDate=${d}&endDate=${d}&userIds=${engineerId}`);
  const starts = (r.data[0]?.days[0]?.visits ?? []).map((v: { start: string }) => Number(v.start.slice(11, 13)) * 60 + Number(v.start.slice(14, 16)));
  const nowHour = d === today() ? new Date(Date.now() + 8 * 3600_000).getUTCHours() + 1 : 0;
  for (let h = Math.max(8, nowHour); h < 18; h++) {
    const hh = `${String(h).padStart(2, '0')}:00`;
    if (!skip.includes(hh) && starts.every((m: number) => Math.abs(m - h * 60) >= 60)) return hh;
  }
  throw new Error(`no free hour on ${d}`);
}

/**
 * The demo orders are pinned all over China, so the map opens on the whole country with nearby pins clustered: click
 * the cluster nearest the engineer (who stands next to the test's orders) until the order's own marker is on the map.
 */
async function revealMarker(page: Page, orderId: number, engineerId: number): Promise<void> {
  const marker = page.getByTestId(`map-order-${orderId}`);
  const map = page.getByTestId('orders-map');
  await expect(page.getByTestId(`map-engineer-${engineerId}`)).toBeVisible();
  const onMap = async () => {
    if ((await marker.count()) === 0) return false;
    const [m, b] = [await marker.boundingBox(), await map.boundingBox()];
    return !!m && !!b && m.x >= b.x && m.y >= b.y && m.x + m.width <= b.x + b.width && m.y + m.height <= b.y + b.height;
  };
  // Where the engineer's label and the clusters stand once they stop moving: a report from the engineer's phone redraws
  // the markers, and the clusters glide to their places (markercluster's animation) for a while after each zoom.
  const where = async () => ({
    e: await page.getByTestId(`map-engineer-${engineerId}`).boundingBox(),
    centres: await page.locator('.marker-cluster').evaluateAll((els) =>
      els.map((el) => {
        const r = el.getBoundingClientRect();
        return { x: Math.round(r.x + r.width / 2), y: Math.round(r.y + r.height / 2) };
      }),
    ),
  });
  const settledWhere = async () => {
    let last = JSON.stringify(await where());
    await expect
      .poll(
        async () => {
          const now = JSON.stringify(await where());
          const same = now === last;
          last = now;
          return same;
        },
        { intervals: [250] },
      )
      .toBe(true);
    return JSON.parse(last) as Awaited<ReturnType<typeof where>>;
  };
  for (let i = 0; i < 10 && !(await onMap()); i++) {
    const { e, centres } = await settledWhere();
    // No cluster left: the last zoom's markers are still being added (markercluster adds them when the zoom ends).
    if (!e || centres.length === 0) {
      await page.waitForTimeout(300);
      continue;
    }
    const distances = centres.map((c) => Math.hypot(c.x - e.x, c.y - e.y));
    const nearest = centres[distances.indexOf(Math.min(...distances))]!;
    // A click where that cluster stands, not on the n-th cluster: the engineer's phone keeps reporting his position, and
    // each report redraws the map's markers, clusters in another order, in the same places. The engineer's label lies
    // below the clusters and takes no clicks, so the cluster zooms to its pins; one that moved or split meanwhile (a
    // zoom still running on a busy machine) is looked at again.
    await page.mouse.click(nearest.x, nearest.y);
    await page.waitForTimeout(300);
    await expect(page.locator('.leaflet-zoom-anim')).toHaveCount(0);
  }
  await expect.poll(onMap).toBe(true);
}

const engineerPane = (page: Page, engineerId: number) => page.getByTestId(`board-row-${engineerId}`);

/** A working day (Monday to Friday) two months or more ahead on which the engineer has nothing booked. */
async function emptyWeekday(admin: ApiUser, engineerId: number): Promise<string> {
  for (let n = 60; n < 120; n++) {
    const d = new Date(Date.now() + 8 * 3600_000 + n * 86_400_000);
    if (d.getUTCDay() === 0 || d.getUTCDay() === 6) continue;
    const day = d.toISOString().slice(0, 10);
    const r = await admin.get(`/v2/schedule/table/dispatch?startDate=${day}&endDate=${day}&userIds=${engineerId}`);
    if ((r.data[0]?.days[0]?.visits ?? []).length === 0) return day;
  }
  throw new Error('no empty working day ahead');
}

/** The board pages engineers and waiting orders: narrow both to the ones the test works with. */
async function narrowBoard(page: Page, orderTitle: string): Promise<void> {
  await page.getByPlaceholder('服务人员姓名或手机号').fill(ENGINEER);
  await page.getByPlaceholder('服务人员姓名或手机号').press('Enter');
  await page.getByPlaceholder('工单编号或标题').fill(orderTitle);
  await page.getByPlaceholder('工单编号或标题').press('Enter');
}

test.describe('map and dispatch board', () => {
  test.use({ actionTimeout: 20_000 });

  test('a dispatcher assigns from the map (click a marker → assign) and from the board by drag and drop, seen live', async ({ browser, baseURL }) => {
    test.setTimeout(180_000);
    const t = String(Date.now()).slice(-6);
    for (const m of [DISPATCHER, ADMIN, ENGINEER]) await quietGuide(baseURL!, m);
    const admin = await ApiUser.login(baseURL!, ADMIN);
    const tiles = await admin.send('POST', '/systemsetting/batchsave', [{ code: 'map_tile_url', value: DEAD_TILES }]);
    expect(tiles.success, tiles.message).toBe(true);
    const engineer = await ApiUser.login(baseURL!, ENGINEER);
    const engineerId = (await engineer.get('/v2/sessionUser/info')).data.id as number;
    try {
      const onMap = await pinnedOrder(admin, `地图派单空调维修${t}`, 39.915, 116.404);
      const onBoard = await pinnedOrder(admin, `看板派单热水器${t}`, 39.93, 116.42);

      // The engineer shares their position from the phone page, by consent.
      const phone = await browser.newPage({ viewport: PHONE });
      await logInAt(phone, ENGINEER, '/schedule/myLocation');
      await phone.context().grantPermissions(['geolocation']);
      await phone.context().setGeolocation({ latitude: 39.91, longitude: 116.4 });
      // Whether 李服务 shares already depends on the specs this app ran before (a phone page that reported his
      // position): stop if he does, then share again from here.
      const stop = phone.getByRole('button', { name: '停止共享' });
      const consent = phone.getByRole('button', { name: '同意并共享我的位置' });
      await expect(stop.or(consent)).toBeVisible();
      if (await stop.isVisible()) await stop.click();
      await consent.click();
      await expect(phone.getByRole('button', { name: '停止共享' })).toBeVisible();
      await expect(phone.getByText('116.40000, 39.91000')).toBeVisible();
      await shot(phone, FLOW, '01-engineer-shares-position-phone');

      // 1. The map: click the order's marker, see it and the nearest engineers, dispatch to the engineer.
      const page = await browser.newPage();
      await logInAt(page, DISPATCHER, '/assignOrderInMap');
      // The demo orders, typed with addresses only, are on the map too (geocoded), clustered where they are close.
      await expect(page.getByTestId('map-precision-legend')).toContainText('定位精度');
      const counted = async () => Number((await page.getByText(/^工单（\d+）/).textContent())?.match(/\d+/)?.[0] ?? 0);
      await expect.poll(counted).toBeGreaterThan(2);
      await expect.poll(() => page.locator('[data-testid^="map-order-"], .marker-cluster').count()).toBeGreaterThan(1);
      await shot(page, FLOW, '01b-map-demo-pins');
      const marker = page.getByTestId(`map-order-${onMap}`);
      await revealMarker(page, onMap, engineerId);
      // A point picked with the address is exact; the tooltip says how precise each pin is.
      await marker.hover();
      await expect(page.locator('.leaflet-tooltip')).toContainText('定位精度：精确');
      await marker.click();
      const panel = page.getByTestId('map-order-panel');
      await expect(panel).toContainText(`地图派单空调维修${t}`);
      // The assistant's graded engineers come first (智能推荐), the nearest by straight line below them.
      await expect(panel.getByRole('region', { name: '智能推荐' })).toBeVisible();
      const nearest = panel.getByTestId(`nearest-${engineerId}`);
      await expect(nearest).toContainText('米');
      await shot(page, FLOW, '02-map-order-clicked');
      await nearest.getByRole('button', { name: /派\s*单/ }).click();
      await expect(marker).toBeHidden();
      const mapped = await admin.get(`/order/orderDetail?orderId=${onMap}`);
      expect(mapped.data).toMatchObject({ state: 2 });

      // 2. The board: a second dispatcher watches while the first drags the other order onto a free hour.
      // Tomorrow's hours: late in the afternoon (China time) today has no free working hour left.
      const day = tomorrow();
      const hour = await freeHour(admin, engineerId, day);
      const watcher = await browser.newPage();
      await logInAt(watcher, ADMIN, '/schedule/board');
      await expect(watcher.getByText('实时更新')).toBeVisible();
      await boardOn(watcher, day);
      await narrowBoard(watcher, t);
      await expect(watcher.getByTestId(`board-order-${onBoard}`)).toBeVisible();

      await page.goto('/schedule/board');
      await expect(page.getByText(/共 \d+ 名服务人员/)).toBeVisible();
      await boardOn(page, day);
      await narrowBoard(page, t);
      const card = page.getByTestId(`board-order-${onBoard}`);
      const slot = page.getByTestId(`slot-${engineerId}-${day} ${hour}`);
      await expect(card).toBeVisible();
      await expect(engineerPane(page, engineerId).getByTestId('load-tag')).toBeVisible();
      await shot(page, FLOW, '03-board-before-drop');
      await dragOnto(page, card, slot);
      await expect(slot).toContainText(`看板派单热水器${t}`);
      await expect(card).toBeHidden();
      await shot(page, FLOW, '04-board-after-drop');

      // The other dispatcher's board updates without a reload.
      await expect(watcher.getByTestId(`slot-${engineerId}-${day} ${hour}`)).toContainText(`看板派单热水器${t}`);
      await expect(watcher.getByTestId(`board-order-${onBoard}`)).toBeHidden();
      const booked = await admin.get(`/v2/schedule/table/dispatch?startDate=${day}&endDate=${day}&userIds=${engineerId}`);
      expect(booked.data[0].days[0].visits.map((v: { orderId: number; start: string }) => [v.orderId, v.start.slice(11, 16)])).toContainEqual([onBoard, hour]);

      // Dropping onto the same hour again is refused by the clash check.
      const third = await pinnedOrder(admin, `冲突检查${t}`, 39.94, 116.43);
      await page.reload();
      await boardOn(page, day);
      await narrowBoard(page, t);
      await dragOnto(page, page.getByTestId(`board-order-${third}`), page.getByTestId(`slot-${engineerId}-${day} ${hour}`));
      await expect(page.getByText(/已有预约/)).toBeVisible();
      await expect(page.getByTestId(`board-order-${third}`)).toBeVisible();

      // The route of the engineer's day with a navigation link per stop.
      await engineerPane(page, engineerId).getByRole('button', { name: '路线' }).click();
      const drawer = page.getByRole('dialog');
      await expect(drawer.getByRole('link', { name: '导航' }).first()).toHaveAttribute('href', /uri\.amap\.com\/navigation/);
      await shot(page, FLOW, '05-route');
      await page.keyboard.press('Escape');
      await expect(drawer).toBeHidden();

      // Phone width: no drag and drop, so tap the order, then the engineer's free hour.
      await page.setViewportSize(PHONE);
      const later = await freeHour(admin, engineerId, day);
      await page.getByTestId(`board-order-${third}`).click();
      await expect(page.getByText('已选择工单')).toBeVisible();
      // The picked order's 智能推荐 for the board's day.
      await expect(page.getByRole('region', { name: '智能推荐' })).toContainText(`智能推荐（${day}）`);
      // The tick box beside the order (智能排班's selection) is a finger's width to hit.
      const tick = await page.locator('.sk-pick-box').first().boundingBox();
      expect(tick && Math.min(tick.width, tick.height)).toBeGreaterThanOrEqual(44);
      await shot(page, FLOW, '06-board-phone');
      await page.getByTestId(`slot-${engineerId}-${day} ${later}`).click();
      await expect(page.getByTestId(`slot-${engineerId}-${day} ${later}`)).toContainText(`冲突检查${t}`);
      await expect(page.getByTestId(`board-order-${third}`)).toBeHidden();

      // The week view: a column per time interval per day.
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.getByText('周', { exact: true }).click();
      await expect(page.getByTestId(`slot-${engineerId}-${day} 13:00`)).toBeVisible();
      await shot(page, FLOW, '06b-board-week');
      await page.setViewportSize(PHONE);
      await page.goto('/assignOrderInMap');
      await expect(page.getByTestId('orders-map')).toBeVisible();
      await shot(page, FLOW, '07-map-phone');
      // The order map (all open orders): the order dispatched from the map is there, now 待接单.
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto('/allOrder/mapView');
      // Every open order of the demo enterprise is pinned (the two of this test among them), each with its precision.
      const shown = async () => Number((await page.getByText(/^工单（\d+）/).textContent())?.match(/\d+/)?.[0] ?? 0);
      await expect.poll(shown).toBeGreaterThan(5);
      const pin = page.locator('[data-testid^="map-order-"]').first();
      await expect(pin).toHaveAttribute('data-precision', /^(province|city|district|exact)$/);
      await expect(pin).toHaveAttribute('title', /定位精度：(省份|城市|区县|精确)/);
      await shot(page, FLOW, '07b-order-map');
      await page.setViewportSize(PHONE);
      await page.goto('/schedule/list');
      // the page's own card title (the phone hides the bar of open pages)
      await expect(page.locator('.sk-page:visible .ant-card-head-title').filter({ hasText: '排班表' })).toBeVisible();
      await shot(page, FLOW, '08-schedule-list-phone');
      await page.setViewportSize({ width: 1440, height: 900 });
      await shot(page, FLOW, '09-schedule-list');
      await page.goto('/schedule/report');
      await expect(page.getByRole('columnheader', { name: '预约上门数' })).toBeVisible();
      await shot(page, FLOW, '10-schedule-report');
    } finally {
      await engineer.send('DELETE', '/v2/schedule/position', {});
      await admin.send('POST', '/systemsetting/recovery', { codes: ['map_tile_url'] });
      await engineer.dispose();
      await admin.dispose();
    }
  });

  test('a booked visit is dragged to another hour to reschedule it, and 撤销 puts it back; an engineer’s crossed day is put in travel order', async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(150_000);
    const t = String(Date.now()).slice(-6);
    for (const m of [DISPATCHER, ADMIN]) await quietGuide(baseURL!, m);
    const admin = await ApiUser.login(baseURL!, ADMIN);
    const engineer = await ApiUser.login(baseURL!, ENGINEER);
    const engineerId = (await engineer.get('/v2/sessionUser/info')).data.id as number;
    try {
      const day = tomorrow();
      const id = await pinnedOrder(admin, `看板改约${t}`, 39.92, 116.41);
      const from = await freeHour(admin, engineerId, day);
      const booked = await admin.send('POST', '/v2/schedule/book', { orderId: id, serviceUserId: engineerId, bespokeTime: `${day} ${from}:00` });
      expect(booked.success, booked.message).toBe(true);
      const to = await freeHour(admin, engineerId, day, [from]);

      // A time already past is refused by the server unless confirmed.
      const past = await admin.send('POST', '/v2/schedule/book', { orderId: id, serviceUserId: engineerId, bespokeTime: '2020-01-06 10:00:00' });
      expect(past).toMatchObject({ success: false, code: 'APPOINTMENT_PAST' });

      const page = await browser.newPage();
      await logInAt(page, DISPATCHER, '/schedule/board');
      await expect(page.getByText(/共 \d+ 名服务人员/)).toBeVisible();
      await page.getByLabel('日期').click();
      await page.getByLabel('日期').fill(day);
      await page.getByLabel('日期').press('Enter');
      await narrowBoard(page, t);
      const fromSlot = page.getByTestId(`slot-${engineerId}-${day} ${from}`);
      const toSlot = page.getByTestId(`slot-${engineerId}-${day} ${to}`);
      await expect(fromSlot.getByTestId(`board-visit-${id}`)).toBeVisible();
      await shot(page, FLOW, '11-board-booked-visit');

      await dragOnto(page, fromSlot.getByTestId(`board-visit-${id}`), toSlot);
      const moved = page.getByTestId('reschedule-message');
      await expect(moved).toContainText('已改约');
      await expect(toSlot.getByTestId(`board-visit-${id}`)).toBeVisible();
      await expect(fromSlot.getByTestId(`board-visit-${id}`)).toBeHidden();
      await shot(page, FLOW, '12-board-visit-moved');
      const after = await admin.get(`/order/orderDetail?orderId=${id}`);
      expect(after.data.customApplyTime).toContain(`${day} ${to}`);

      await moved.getByRole('button', { name: '撤销' }).click();
      await expect(page.getByText('已撤销改约')).toBeVisible();
      await expect(fromSlot.getByTestId(`board-visit-${id}`)).toBeVisible();
      await expect(toSlot.getByTestId(`board-visit-${id}`)).toBeHidden();
      const back = await admin.get(`/order/orderDetail?orderId=${id}`);
      expect(back.data.customApplyTime).toContain(`${day} ${from}`);
      await shot(page, FLOW, '13-board-move-undone');

      // The same move by keyboard alone: Space lifts the visit, the arrows hop from slot to slot (the live region says
      // where it is over), Space drops it.
      // The slot's name up to its time (its count of visits may change while the visit moves).
      const target = /^.*?\d{2}:\d{2}/.exec((await toSlot.locator('.sk-board-slot-btn').getAttribute('aria-label')) ?? '')?.[0] ?? to;
      const told = page.locator('[id^="DndLiveRegion"]');
      await fromSlot.getByTestId(`board-visit-${id}`).focus();
      await page.keyboard.press('Space');
      await expect(told).toContainText('移到');
      const arrow = Number.parseInt(to, 10) > Number.parseInt(from, 10) ? 'ArrowRight' : 'ArrowLeft';
      await expect(async () => {
        if (!((await told.textContent()) ?? '').includes(`移到${target}`)) await page.keyboard.press(arrow);
        await expect(told).toContainText(`移到${target}`, { timeout: 1_000 });
      }).toPass({ timeout: 15_000 });
      await page.keyboard.press('Space');
      await expect(moved).toContainText('已改约');
      await expect(toSlot.getByTestId(`board-visit-${id}`)).toBeVisible();
      const keyed = await admin.get(`/order/orderDetail?orderId=${id}`);
      expect(keyed.data.customApplyTime).toContain(`${day} ${to}`);
      await shot(page, FLOW, '14-board-visit-moved-by-keyboard');

      // His day in travel order: three morning visits booked crossing the city (west, east, west again) from where
      // he is; the 路线 drawer proposes the order that travels least, and 应用此顺序 rebooks them all at once.
      const crossed = await emptyWeekday(admin, engineerId);
      await engineer.send('POST', '/v2/schedule/position', { latitude: 39.909, longitude: 116.397 });
      const visits: [string, number, number, string][] = [
        ['西', 39.91, 116.33, '08:00'],
        ['东', 39.912, 116.47, '09:30'],
        ['西二', 39.915, 116.335, '11:00'],
      ];
      const ids: number[] = [];
      for (const [side, lat, lng, hh] of visits) {
        const o = await pinnedOrder(admin, `路线${side}${t}`, lat, lng);
        const b = await admin.send('POST', '/v2/schedule/book', { orderId: o, serviceUserId: engineerId, bespokeTime: `${crossed} ${hh}:00` });
        expect(b.success, b.message).toBe(true);
        ids.push(o);
      }
      const plan = await admin.get(`/v2/planning/day?userId=${engineerId}&date=${crossed}`);
      expect(plan.data.changed, plan.data.note).toBe(true);
      await boardOn(page, crossed);
      await expect(page.getByTestId(`board-visit-${ids[1]}`)).toBeVisible();
      await engineerPane(page, engineerId).getByRole('button', { name: '路线' }).click();
      const drawer = page.getByRole('dialog');
      await expect(drawer.getByTestId('day-saving')).toContainText(/节省 [\d.]+ km \/ \d+ 分钟/);
      await expect(drawer.getByTestId('route-pin-3')).toContainText('到达');
      await expect(drawer.getByRole('link', { name: '导航' }).first()).toHaveAttribute('href', /uri\.amap\.com\/navigation/);
      await shot(page, FLOW, '15-day-route');
      await page.setViewportSize(PHONE);
      await expect(drawer.getByTestId('day-route-map')).toBeVisible();
      await shot(page, FLOW, '15b-day-route-phone');
      await page.setViewportSize({ width: 1440, height: 900 });
      await drawer.getByRole('button', { name: '应用此顺序' }).click();
      await expect(page.getByText(/已调整 \d 个上门时间，已通知/)).toBeVisible();
      await expect(drawer.getByTestId('day-saving')).toContainText('当前顺序已是最短路线');
      await page.keyboard.press('Escape');
      await expect(drawer).toBeHidden();
      // The board shows each visit in the hour of its new time.
      for (const s of plan.data.proposed.stops as { orderId: number; start: string }[])
        await expect(page.getByTestId(`slot-${engineerId}-${crossed} ${s.start.slice(0, 2)}:00`).getByTestId(`board-visit-${s.orderId}`)).toBeVisible();
    } finally {
      await engineer.send('DELETE', '/v2/schedule/position', {});
      await engineer.dispose();
      await admin.dispose();
    }
  });
});
