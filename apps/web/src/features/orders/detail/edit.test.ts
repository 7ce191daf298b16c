import type { OrderDetail } from '@sk/shared/orders/order.detail.contract';
import { editableFields } from '@sk/shared/orders/order.edit';
import { describe, expect, it } from 'vitest';
import { editBodyOf, editValuesOf } from './edit';

const detail = {
  state: 4,
  examineType: null,
  placeState: 0,
  invalid: false,
  title: '空调不制冷',
  contactId: 7,
  customLinkPerson: '张三',
  customPhone: '13800001111',
  customEnterpriseName: null,
  gpsAddr: {
    provinceCode: '31',
    cityCode: '3101',
    districtCode: '310115',
    province: '上海市',
    city: '上海市',
    district: '浦东新区',
    detail: '张江路1号',
    fullAddress: '',
    latitude: 31.2,
    longitude: 121.5,
  },
  product: null,
  serviceItems: [{ id: 1, serviceItemId: 5, name: '上门检测', price: 50, quantity: 1, amount: 50 }],
  customApplyTime: '2026-12-01 10:00',
  priority: 2,
  serviceLevel: null,
  detailDesc: '只吹风',
  attachments: [],
  tags: [{ id: 3, name: '加急', color: null }],
  serviceGroup: null,
  source: 1,
  saleChannel: null,
  people: [
    { part: 'collaborator', partName: '协作人员', userId: 11, name: '李服务' },
    { part: 'creator', partName: '创建人', userId: 12, name: '王管理' },
  ],
  extFields: [{ id: 40, ovalue: 'E7' }],
} as unknown as OrderDetail;

describe('the order edit dialog', () => {
  it('starts from the order, in the create form’s shapes', () => {
    const v = editValuesOf(detail);
    expect(v.system).toMatchObject({ serviceId: [5], orderLabel: [3], coordinationUserId: [{ id: 11, name: '李服务' }], duplicateUserId: [] });
    expect(v.system.gpsAddr).toEqual({ gpsAddr: expect.objectContaining({ provinceCode: '31', detail: '张江路1号', latitude: 31.2 }) });
    expect(v.ext).toEqual({ '40': 'E7' });
  });

  it('sends only the editable fields that changed: nothing when nothing changed, a picked address as its id', () => {
    const before = editValuesOf(detail);
    const editable = editableFields('staff', detail);
    expect(editBodyOf(before, before, editable, 7)).toEqual({});
    const after = { system: { ...before.system, title: '空调漏水', serviceId: [5, 6], gpsAddr: { addressId: 9 }, coordinationUserId: [] }, ext: before.ext };
    expect(editBodyOf(before, after, editable, 7)).toEqual({ title: '空调漏水', serviceId: [5, 6], addressId: 9, coordinationUserId: [] });
    // In service the appointment is not the staff's to change: not sent even when touched.
    expect(editBodyOf(before, { ...before, system: { ...before.system, customApplyTime: '2026-12-02 10:00' } }, editable, 7)).toEqual({});
    const engineer = editableFields('engineer', detail);
    expect(editBodyOf(before, { ...after, system: { ...after.system, customPhone: '13900002222' } }, engineer, null)).toEqual({
      serviceId: [5, 6],
      addressId: 9,
      customPhone: '13900002222',
    });
  });
});
