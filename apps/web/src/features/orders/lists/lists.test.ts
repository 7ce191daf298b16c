import { describe, expect, it } from 'vitest';
import { orderFilterQuery, orderFilterValues, orderPanelQuery } from './Filters';
import { allOrderQuery } from './first';

describe('order list filters', () => {
  it('turns the panel’s people, ranges and multi-selects into the list’s query fields', () => {
    const q = orderFilterQuery({
      title: '空调',
      states: [3, 4],
      servicePerson: [{ id: 7, name: '工程师' }],
      created: ['2024-01-01', '2024-01-31'],
      take: null,
      orderExceed: 1,
    });
    expect(q).toMatchObject({ title: '空调', states: '3,4', servicePersonalId: 7, startCreateTime: '2024-01-01', endCreateTime: '2024-01-31', orderExceed: 1 });
    expect(q.takeStart).toBeUndefined();
    expect(q.servicePerson).toBeUndefined();
  });

  it('reads the /allOrder route’s query parameters as starting filters', () => {
    const q = allOrderQuery(new URLSearchParams('keyword=123&servicePersonalId=5&states=1,2&orderType=9&customName=华东&takeStart=2024-01-01&jump=home&tab=1'));
    expect(q).toEqual({ keyword: '123', servicePersonalId: 5, states: [1, 2], orderType: [9], customName: '华东', takeStart: '2024-01-01' });
  });

  it('shows a report drill-down period in the panel and keeps it through the panel (values ⇄ query)', () => {
    const q = allOrderQuery(new URLSearchParams('startFinishTime=2026-10-26&endFinishTime=2026-11-24&states=5&priority=2'));
    const v = orderFilterValues(q);
    expect(v).toEqual({ finish: ['2026-10-26', '2026-11-24'], states: [5], priority: 2 });
    // Submitting the panel untouched gives the same query back (plus the empty fields of the other filters).
    const back = Object.fromEntries(Object.entries(orderFilterQuery(v)).filter(([, x]) => x !== undefined));
    expect(back).toEqual({ startFinishTime: '2026-10-26', endFinishTime: '2026-11-24', states: '5', priority: 2 });
    // Half a range stays half.
    expect(orderFilterValues({ startCreateTime: '2026-11-01' })).toEqual({ created: ['2026-11-01', null] });
  });

  it('keeps a drill-down by engineer or source through a panel submit, and the starting filters the panel has no field for', () => {
    const q = allOrderQuery(
      new URLSearchParams('startCreateTime=2026-03-01 00:00:00&endCreateTime=2026-03-31 23:59:59&servicePersonalId=7&source=3&customerId=12'),
    );
    const v = orderFilterValues(q);
    // The engineer is the 服务人员 picker's choice, the source the panel's 工单来源; the customer has no field.
    expect((v.servicePerson as { id: number }[]).map((p) => p.id)).toEqual([7]);
    expect(v.servicePersonalId).toBeUndefined();
    expect(v.source).toBe(3);
    // What antd's form submits: only the panel's fields (servicePerson, created, source …), then the panel's query.
    const { customerId: _, ...submitted } = v;
    const back = Object.fromEntries(Object.entries(orderPanelQuery(q)(submitted)).filter(([, x]) => x !== undefined));
    expect(back).toEqual({
      startCreateTime: '2026-03-01 00:00:00',
      endCreateTime: '2026-03-31 23:59:59',
      servicePersonalId: 7,
      source: 3,
      customerId: 12,
    });
    // Clearing the picker in the panel drops the engineer; the user's change wins over the starting filter.
    const cleared = orderPanelQuery(q)({ ...submitted, servicePerson: [], source: 2 });
    expect(cleared.servicePersonalId).toBeUndefined();
    expect(cleared.source).toBe(2);
    // MyOrder's panel has no state filter: its starting states are kept.
    expect(orderPanelQuery({ states: [1, 2] }, false)({}).states).toEqual([1, 2]);
    expect(orderPanelQuery({ states: [1, 2] })({}).states).toBeUndefined();
  });
});
