import type { DayAnswer } from '@sk/shared/planning/planning.contract';
import type { EngineerRow } from '@sk/shared/schedule/schedule.contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { refusal, renderWithApp, stubApi } from '../../components/testing';
import { RouteDrawer } from './RouteDrawer';

vi.setConfig({ testTimeout: 30_000 }); // antd in jsdom is slow on a shared machine
// Leaflet needs a real layout: the map is looked at in the browser test (e2e/specs/dispatch-board.spec.ts).
vi.mock('./DayRouteMap', () => ({
  default: ({ proposed }: { proposed: { orderId: number }[] }) => <div data-testid="day-route-map">{proposed.map((s) => s.orderId).join(',')}</div>,
}));

const stop = (orderId: number, start: string, arrive: string, version: number) => ({
  orderId,
  orderNo: `GD${orderId}`,
  title: `上门${orderId}`,
  address: `建国路${orderId}号`,
  latitude: 39.9,
  longitude: 116.4,
  version,
  arrive,
  start,
  end: `${String(Number(start.slice(0, 2)) + 1).padStart(2, '0')}${start.slice(2)}`,
  window: '08:00–12:00',
  leg: { km: 3.2, minutes: 9 },
});

/** 李工's day: booked far (08:00) then near (09:00); near first saves 18 km / 40 minutes. */
const day: DayAnswer = {
  userId: 7,
  name: '李工',
  date: '2030-03-04',
  travel: { estimate: true, label: '直线距离×1.3，按25公里/小时估算' },
  start: { latitude: 39.9, longitude: 116.4, label: '基地' },
  current: { stops: [stop(1, '08:00', '08:40', 4), stop(2, '09:00', '09:45', 2)], km: 40, minutes: 95 },
  proposed: { stops: [stop(2, '08:00', '07:52', 2), stop(1, '08:42', '08:42', 4)], km: 22, minutes: 55 },
  saving: { km: 18, minutes: 40 },
  changed: true,
  unlocated: [{ orderId: 3, orderNo: 'GD3', title: '没有地址的上门', start: '2030-03-04 14:00:00' }],
  note: null,
};
const engineer = { userId: 7, name: '李工' } as EngineerRow;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('an engineer’s day in the board’s 路线 drawer', () => {
  it('shows the proposed order with arrivals, the saving and the booked times, and applies it with the versions shown', async () => {
    const api = stubApi({ '/v2/planning/day/apply': { moved: 2, notified: 1 }, '/v2/planning/day': day, '/systemsetting/': null });
    renderWithApp(<RouteDrawer engineer={engineer} date="2030-03-04" onClose={() => {}} />);
    expect(await screen.findByText('节省 18 km / 40 分钟')).toBeTruthy();
    const first = screen.getByTestId('day-stop-2');
    expect(within(first).getByText('到达 07:52')).toBeTruthy();
    expect(within(first).getByText(/时间窗 08:00–12:00/)).toBeTruthy();
    expect(within(first).getByText('原 09:00')).toBeTruthy();
    expect(within(first).getByRole('link', { name: '导航' }).getAttribute('href')).toMatch(/^https:\/\/uri\.amap\.com\/navigation\?to=116\.4,39\.9,/);
    expect(screen.getByText(/路程为估算：直线距离×1\.3/)).toBeTruthy();
    expect(screen.getByText('14:00 没有地址的上门（GD3）')).toBeTruthy();
    expect((await screen.findByTestId('day-route-map')).textContent).toBe('2,1');

    fireEvent.click(screen.getByRole('button', { name: '应用此顺序' }));
    expect(await screen.findByText('已调整 2 个上门时间，已通知李工；已短信告知 1 位客户')).toBeTruthy();
    expect(api.sent.find((r) => r.url.includes('/v2/planning/day/apply'))?.body).toEqual({
      userId: 7,
      date: '2030-03-04',
      stops: [
        { orderId: 2, start: '08:00', version: 2 },
        { orderId: 1, start: '08:42', version: 4 },
      ],
    });
  });

  it('with nothing better, shows the note and the day as booked, and nothing to apply', async () => {
    const same = {
      ...day,
      changed: false,
      note: '当前顺序已是最短路线',
      saving: { km: 0, minutes: 0 },
      proposed: { ...day.proposed, stops: [stop(1, '07:40', '07:40', 4)] },
    };
    stubApi({ '/v2/planning/day': { ...same, current: { stops: [stop(1, '08:00', '08:00', 4)], km: 3.2, minutes: 9 } }, '/systemsetting/': null });
    renderWithApp(<RouteDrawer engineer={engineer} date="2030-03-04" onClose={() => {}} />);
    expect(await screen.findByText('当前顺序已是最短路线')).toBeTruthy();
    expect(within(screen.getByTestId('day-stop-1')).getByText(/上门 08:00–09:00/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: '应用此顺序' })).toBeNull();
  });

  it('on 数据已变更 reloads the day and says so', async () => {
    // Another day than the first test's: the client refuses the very same write twice within a second or two.
    const api = stubApi({
      '/v2/planning/day/apply': refusal('STATE_CHANGED', '数据已变更，请刷新后重试'),
      '/v2/planning/day': day,
      '/systemsetting/': null,
    });
    renderWithApp(<RouteDrawer engineer={engineer} date="2030-03-05" onClose={() => {}} />);
    fireEvent.click(await screen.findByRole('button', { name: '应用此顺序' }));
    expect(await screen.findByText(/数据已变更：有上门刚被调整，已按最新安排重新计算路线/)).toBeTruthy();
    await waitFor(() => expect(api.asked.filter((u) => u.includes('/v2/planning/day?')).length).toBe(2));
  });
});
