import type { ProviderDetail } from '@sk/shared/org/org.schema';
import { describe, expect, it } from 'vitest';
import { areaPath, bankAccountOk, bodyOf, valuesOf } from './ProviderFormDialog';

const detail: ProviderDetail = {
  id: 1,
  name: '华东联保',
  partnerType: 1,
  partnerTypeName: '外包服务商',
  linkman: '陈经理',
  phone: '021-60000001',
  address: null,
  serviceArea: null,
  remark: null,
  enabled: true,
  userCount: 0,
  coefficient: 1.1,
  regions: [
    { code: '31', name: '上海市' },
    { code: '330106', name: '浙江省杭州市西湖区' },
  ],
  productLines: ['暖通空调'],
  bankName: '工商银行',
  bankAccountName: '华东联保',
  bankAccount: '1001244309006543210',
  bankAccountMasked: '****3210',
  contacts: [],
  create_time: '2025-01-01 00:00:00',
};

describe('provider dialog values', () => {
  it('maps an area code to its cascader path', () => {
    expect(areaPath('31')).toEqual(['31']);
    expect(areaPath('3201')).toEqual(['32', '3201']);
    expect(areaPath('330106')).toEqual(['33', '3301', '330106']);
  });

  it('accepts 8 to 30 digits (spaces and dashes dropped) or nothing as a bank account', () => {
    expect(bankAccountOk('6214 8301 2345 6789')).toBe(true);
    expect(bankAccountOk('')).toBe(true);
    expect(bankAccountOk('1234567')).toBe(false);
    expect(bankAccountOk('6214-ABCD-0000')).toBe(false);
    expect(bankAccountOk('1'.repeat(31))).toBe(false);
  });

  it('edits the whole account and turns a provider kept before contacts into one primary contact', () => {
    const v = valuesOf(detail);
    expect(v).toMatchObject({
      bankAccount: '1001244309006543210',
      regions: [['31'], ['33', '3301', '330106']],
      contacts: [{ name: '陈经理', phone: '021-60000001', position: '', isPrimary: true }],
    });
  });

  it('sends the last code of each region once, the account as digits, and blank texts as null', () => {
    const body = bodyOf({
      name: '华东联保',
      partnerType: 1,
      coefficient: 1.2,
      regions: [['31'], ['33', '3301'], ['33', '3301'], undefined],
      productLines: ['暖通空调'],
      bankName: '',
      bankAccount: '6214 8301-2345 6789',
      contacts: [
        { name: '陈经理', phone: '13800138000', position: '', isPrimary: true },
        { name: '李调度', phone: '021-62345678' },
      ],
    });
    expect(body).toMatchObject({
      regionCodes: ['31', '3301'],
      bankName: null,
      bankAccount: '6214830123456789',
      contacts: [
        { name: '陈经理', phone: '13800138000', position: null, isPrimary: true },
        { name: '李调度', phone: '021-62345678', position: null, isPrimary: false },
      ],
    });
  });
});
