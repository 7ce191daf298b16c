import { describe, expect, it } from 'vitest';
import { saleChannelsOf, serviceItemBody, serviceItemQuery } from './order.create.contract';

describe('saleChannelsOf', () => {
  it('keeps the fixed channels the list names, in their order, ignoring junk', () => {
    expect(saleChannelsOf('3,1').map((c) => c.id)).toEqual([1, 3]);
    expect(saleChannelsOf(' 2 , x, 9,').map((c) => c.name)).toEqual(['电商渠道']);
    expect(saleChannelsOf('')).toEqual([]);
    expect(saleChannelsOf(null)).toEqual([]);
  });
});

describe('service-item inputs', () => {
  it('pages up to 9999 rows and no further', () => {
    expect(serviceItemQuery.parse({ pageSize: '9999' }).pageSize).toBe(9999);
    expect(serviceItemQuery.safeParse({ pageSize: 10000 }).success).toBe(false);
    expect(serviceItemQuery.parse({})).toMatchObject({ pageIndex: 0, pageSize: 10 });
  });

  it('takes a price with at most two decimals and an empty unit as none', () => {
    expect(serviceItemBody.parse({ name: ' 上门检测 ', price: '80.5', unit: '' })).toMatchObject({ name: '上门检测', price: 80.5, unit: null, sort: 0 });
    expect(serviceItemBody.safeParse({ name: '检测', price: 1.005 }).success).toBe(false);
  });
});
