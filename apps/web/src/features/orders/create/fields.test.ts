import type { FormInfo } from '@sk/shared/forms/forms.views';
import { describe, expect, it } from 'vitest';
import type { EventDetail } from '@sk/shared/events/events.contract';
import { bodyOf, checkedDefinition, definitionOf, eventPrefill, openEventNote, PICKED_KEYS } from './fields';

const info = {
  fixedFields: [
    { key: 'customerId', name: '客户', type: 30, required: true, group: 'customerInfo' },
    { key: 'title', name: '标题', type: 1, required: true, group: 'orderInfo' },
  ],
  fields: [],
  groups: [
    { key: 'orderInfo', name: '工单信息' },
    { key: 'customerInfo', name: '客户信息' },
  ],
  height: 86,
} as unknown as FormInfo;

describe('the create form', () => {
  it('puts every order field key in a group and keeps the server’s required flags', () => {
    const d = definitionOf(info);
    expect(d.fixedFields.map((f) => f.key)).toEqual(
      expect.arrayContaining([
        'customerId',
        'title',
        'customLinkPerson',
        'customPhone',
        'customEnterpriseName',
        'productId',
        'serviceId',
        'customApplyTime',
        'detailDesc',
      ]),
    );
    expect(d.fixedFields.every((f) => f.group === 'orderInfo' || f.group === 'customerInfo')).toBe(true);
    expect(
      d.fixedFields
        .filter((f) => f.required)
        .map((f) => f.key)
        .sort(),
    ).toEqual(['customerId', 'title']);
  });

  it('puts the customer block first, where a call-taker starts, and keeps the other groups in order', () => {
    const withMore = { ...info, groups: [...info.groups, { key: 'other', name: '其他' }] } as FormInfo;
    expect(definitionOf(withMore).groups.map((g) => g.key)).toEqual(['customerInfo', 'orderInfo', 'other']);
  });

  it('leaves the picked fields to their pickers in the shared check, but not the customer', () => {
    const keys = checkedDefinition(definitionOf(info)).fixedFields.map((f) => f.key);
    expect(keys).toContain('customerId');
    expect(keys).toContain('customPhone');
    expect(keys.filter((k) => k !== 'customerId' && PICKED_KEYS.includes(k))).toEqual([]);
  });

  it('builds the create body: a saved address by id, a typed one as gpsAddr, empty text as null', () => {
    const saved = bodyOf(3, { customerId: 7, title: ' 空调不制冷 ', gpsAddr: { addressId: 9 }, serviceId: [1, 2], customPhone: '  ' }, { 5: 'E1' }, 11);
    expect(saved).toMatchObject({
      orderType: 3,
      customerId: 7,
      title: '空调不制冷',
      addressId: 9,
      gpsAddr: null,
      serviceId: [1, 2],
      customPhone: null,
      contactId: 11,
      priority: 1,
      ext: { 5: 'E1' },
    });
    const gps = { provinceCode: '31', cityCode: '3101', districtCode: '310115', detail: '张江路1号', mapName: null, latitude: null, longitude: null };
    expect(bodyOf(null, { customerId: 7, title: '甲', gpsAddr: { gpsAddr: gps }, priority: 3 }, {}, null)).toMatchObject({
      addressId: null,
      gpsAddr: gps,
      priority: 3,
    });
  });

  it('sends the picked people by id: one salesperson, the collaborators and the copied-to users', () => {
    const people = {
      salespersonId: [{ id: 4, name: '销售甲' }],
      coordinationUserId: [
        { id: 5, name: '乙' },
        { id: 6, name: '丙' },
      ],
      duplicateUserId: [],
    };
    expect(bodyOf(1, { customerId: 7, title: '甲', ...people }, {}, null)).toMatchObject({ salespersonId: 4, coordinationUserId: [5, 6], duplicateUserId: [] });
    expect(bodyOf(1, { customerId: 7, title: '甲' }, {}, null)).toMatchObject({ salespersonId: null, coordinationUserId: [] });
  });

  it('pre-fills an order from the event it converts: a saved address by id, a typed one as its area', () => {
    const area = { provinceCode: '31', cityCode: '3101', districtCode: '310115', detail: '张江路1号', latitude: null, longitude: null };
    const base = {
      customerId: 7,
      title: '打印机卡纸',
      description: '卡纸三次',
      priority: 2,
      customLinkperson: '王',
      customPhone: '13900000000',
      customerProductId: 3,
      serviceId: 5,
      attachments: [{ id: 9, name: 'a.png', url: '/x' }],
      mapName: null,
      area,
    };
    expect(eventPrefill({ ...base, addressId: 4 } as unknown as EventDetail)).toMatchObject({
      customerId: 7,
      title: '打印机卡纸',
      detailDesc: '卡纸三次',
      priority: 2,
      gpsAddr: { addressId: 4 },
      productId: 3,
      serviceId: [5],
      attachments: [9],
    });
    expect(eventPrefill({ ...base, addressId: null } as unknown as EventDetail).gpsAddr).toEqual({ gpsAddr: { ...area, mapName: null } });
    expect(eventPrefill({ ...base, addressId: null, area: { ...area, provinceCode: null } } as unknown as EventDetail).gpsAddr).toBeNull();
  });
});

describe('openEventNote', () => {
  it('tells an order from an open event that the event stays open; a completed or closed one says nothing', () => {
    expect(openEventNote(3)).toBe('；事件仍为“处理中”，工单完成后请回到事件将其完成');
    expect(openEventNote(1)).toContain('“待分配”');
    expect(openEventNote(6)).toBe('');
    expect(openEventNote(7)).toBe('');
  });
});
