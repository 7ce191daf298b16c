import type { Draft, Proposal } from '@sk/shared/planning/planning.contract';
import { planningContract } from '@sk/shared/planning/planning.contract';
import { scheduleContract } from '@sk/shared/schedule/schedule.contract';
import { describe, expect, it } from 'vitest';
import { readsStaleAfter } from '../../lib/query';
import './api';
import { draftRoutes } from './DraftRoutes';

const proposal = (orderId: number, userId: number, start: string, state = 1, at: number | null = 39.9): Proposal => ({
  orderId,
  orderNo: `GD${orderId}`,
  title: `工单${orderId}`,
  address: null,
  latitude: at,
  longitude: at == null ? null : 116.4,
  userId,
  userName: '',
  start: `2030-03-04 ${start}:00`,
  end: `2030-03-04 ${start}:00`,
  leg: { km: 1, minutes: 3 },
  state,
  moved: false,
  late: false,
  version: 0,
});

describe('a draft on the map and the board', () => {
  it('draws each engineer’s standing proposals in time order, numbered; removed and unplaced ones left out', () => {
    const d = {
      engineers: [
        { userId: 1, name: '甲', start: { latitude: 39.8, longitude: 116.3 } },
        { userId: 2, name: '乙', start: null },
        { userId: 3, name: '丙', start: null },
      ],
      proposals: [
        proposal(10, 1, '14:00'),
        proposal(11, 1, '09:00', 2),
        proposal(12, 1, '10:00', 3),
        proposal(13, 2, '08:00', 1, null),
        proposal(14, 3, '11:00'),
      ],
    } as Draft;
    const routes = draftRoutes(d);
    expect(routes.map((r) => [r.name, r.stops.map((s) => [s.n, s.orderId])])).toEqual([
      [
        '甲',
        [
          [1, 11],
          [2, 10],
        ],
      ],
      ['丙', [[1, 14]]],
    ]);
    expect(routes[0]?.stops[0]?.label).toBe('1. 09:00 工单11（甲） 已接受');
    expect(routes[0]?.colour).not.toBe(routes[1]?.colour);
    // The line starts where his day does; one without a start has only its stops.
    expect(routes.map((r) => r.start)).toEqual([[39.8, 116.3], null]);
  });

  it('an acceptance refreshes the board and the draft', () => {
    expect(readsStaleAfter(planningContract.acceptDraft)).toEqual(
      expect.arrayContaining([scheduleContract.dispatchList, scheduleContract.unassigned, planningContract.draft]),
    );
  });
});
