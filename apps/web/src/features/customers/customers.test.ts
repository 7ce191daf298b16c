import { describe, expect, it } from 'vitest';
import { pastedValues } from './components/CustomerFormDialog';
import { summary } from './components/ImportDialog';
import { duplicateQuery } from './components/DuplicateCustomer';
import { recognised } from './components/SmartPaste';
import { areaFilters } from './pages/AddressManage';
import { customerFilterQuery } from './pages/AllCustomer';

const extracted = {
  name: '张三',
  linkName: '张三',
  phone: '13800138000',
  provinceCode: '31',
  cityCode: '3101',
  districtCode: '310115',
  province: '上海市',
  city: '市辖区',
  district: '浦东新区',
  detail: '张江路88号',
  description: null,
};
const nothing = {
  name: null,
  linkName: null,
  phone: null,
  provinceCode: null,
  cityCode: null,
  districtCode: null,
  province: null,
  city: null,
  district: null,
  detail: null,
  description: null,
};
const company = { ...extracted, name: '上海恒瑞物业管理有限公司', linkName: '赵建国', description: '空调不制冷' };

describe('smart paste into the customer form', () => {
  it('fills the contact, phone and address, and the customer name while it is empty', () => {
    expect(pastedValues(extracted, {})).toEqual({ linkName: '张三', name: '张三', phone: '13800138000', area: ['31', '3101', '310115'], detail: '张江路88号' });
  });

  it('fills a company as the customer name and the person as the contact', () => {
    expect(pastedValues(company, {})).toMatchObject({ name: '上海恒瑞物业管理有限公司', linkName: '赵建国' });
  });

  it('keeps a customer name already typed', () => {
    expect(pastedValues(extracted, { name: '星河科技' })).not.toHaveProperty('name');
  });

  it('leaves fields it did not read alone', () => {
    expect(pastedValues({ ...nothing, phone: '0571-88886666' }, { linkName: '李四' })).toEqual({ phone: '0571-88886666' });
  });

  it('says what it recognised, or nothing', () => {
    expect(recognised(extracted)).toBe('姓名、电话、地址');
    expect(recognised({ ...nothing, phone: '13800138000' })).toBe('电话');
    expect(recognised(nothing)).toBeNull();
    expect(recognised(company)).toBe('客户、联系人、电话、地址、描述');
  });
});

describe('the duplicate check before saving', () => {
  it('asks only once the name is given and the phone is complete', () => {
    expect(duplicateQuery(' 恒瑞物业 ', ' 13912345678 ')).toEqual({ name: '恒瑞物业', phone: '13912345678' });
    expect(duplicateQuery('恒瑞物业', '1391234')).toBeNull();
    expect(duplicateQuery('', '13912345678')).toBeNull();
    expect(duplicateQuery('恒瑞物业', '0571-88886666')).toEqual({ name: '恒瑞物业', phone: '0571-88886666' });
  });
});

describe('list filters', () => {
  it('turn the salesperson and the creation range into the spec filters', () => {
    const q = customerFilterQuery({
      name: '星河',
      tagId: 3,
      sales: [{ id: 7, name: '钱销售', mobile: '', department_name: null }],
      created: ['2024-05-01 00:00:00', '2024-05-31 23:59:59'],
    });
    expect(q).toEqual({ name: '星河', tagId: 3, businessUserId: 7, startCreateTime: '2024-05-01 00:00:00', endCreateTime: '2024-05-31 23:59:59' });
  });

  it('send no salesperson or range when none is chosen', () => {
    expect(customerFilterQuery({ sales: [], created: null })).toEqual({ businessUserId: undefined, startCreateTime: undefined, endCreateTime: undefined });
  });

  it('split the area cascader into province, city and district codes', () => {
    expect(areaFilters({ area: ['33', '3301'], customerName: '云帆' })).toEqual({
      customerName: '云帆',
      provinceCode: '33',
      cityCode: '3301',
      districtCode: undefined,
    });
  });
});

describe('import summary', () => {
  const result = { total: 3, valid: 2, imported: 0, errors: [{ row: 4, reason: '联系电话：请输入正确的手机号或固定电话' }] };
  it('counts the rows of a dry run', () => {
    expect(summary({ step: 'checked', result })).toBe('共3行，可导入2行，1行有错误');
  });
  it('reports what was written and what was left out', () => {
    expect(summary({ step: 'done', result: { ...result, imported: 2 } })).toBe('导入完成：成功导入2行，1行有错误未导入');
    expect(summary({ step: 'done', result: { ...result, imported: 2, errors: [] } })).toBe('导入完成：成功导入2行');
    expect(summary({ step: 'choose' })).toBeNull();
  });
});
