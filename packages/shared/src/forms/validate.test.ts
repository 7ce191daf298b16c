import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkFieldDefs, dependentsOf } from './definition';
import type { FieldType } from './forms.constants';
import { type FieldDef, fieldInput } from './forms.schema';
import { presentExtValues } from './present';
import { validateExt } from './validate';
import { checkValue } from './value';

let seq = 0;
function def(type: FieldType, name: string, extra: Partial<FieldDef> = {}): FieldDef {
  const parsed = fieldInput.parse({ name, type, ...extra });
  seq++;
  return { ...parsed, id: extra.id ?? seq, sort: extra.sort ?? seq } as FieldDef;
}

describe('checkValue by type', () => {
  it.each<[FieldType, unknown, unknown]>([
    [1, '  你好 ', '你好'],
    [2, '12.5', 12.5],
    [4, '2024/2/9', '2024-02-09'],
    [5, '9:05', '09:05:00'],
    [6, '2024-02-09T09:05', '2024-02-09 09:05:00'],
    [7, true, '1'],
    [16, 0, '0'],
    [11, '北京市,116.4,39.9', { address: '北京市', lng: 116.4, lat: 39.9 }],
    [17, 'https://a.cn', { url: 'https://a.cn', text: 'https://a.cn' }],
    [23, '010-12345678', '010-12345678'],
    [24, ['2024-01-01', '2024-01-31'], ['2024-01-01', '2024-01-31']],
    [26, '3,4,3', [3, 4]],
    [30, { id: 7 }, 7],
  ])('type %s accepts %j', (type, input, want) => {
    expect(checkValue(def(type, '字段', type === 30 ? { linkKind: 'order' } : {}), input)).toEqual({ ok: true, value: want });
  });

  it.each<[FieldType, unknown, string]>([
    [2, 'abc', '请输入数字'],
    [4, '2024-02-30', '请输入正确的日期（YYYY-MM-DD）'],
    [5, '24:00', '请输入正确的时间（HH:mm）'],
    [23, '12345', '请输入正确的电话号码'],
    [24, ['2024-02-01', '2024-01-01'], '开始不能晚于结束'],
    [11, { address: 'x', lng: 200, lat: 1 }, '定位信息不正确'],
    [17, 'ftp://x', '请输入正确的链接地址（http://或https://开头）'],
    [10, [1, 2], '最多上传1个文件'],
    [22, 6, '评分需为1到5之间的整数'],
  ])('type %s refuses %j', (type, input, error) => {
    expect(checkValue(def(type, '字段'), input)).toEqual({ ok: false, error });
  });

  it('checks ranges, precision and options', () => {
    const amount = def(2, '金额', { min: 0, max: 100, precision: 2 });
    expect(checkValue(amount, -1)).toEqual({ ok: false, error: '不能小于0' });
    expect(checkValue(amount, 100.5)).toEqual({ ok: false, error: '不能大于100' });
    expect(checkValue(amount, 1.234)).toEqual({ ok: false, error: '最多2位小数' });
    const day = def(4, '日期', { min: '2024-01-01', max: '2024-12-31' });
    expect(checkValue(day, '2025-01-01')).toEqual({ ok: false, error: '不能大于2024-12-31' });
    const pick = def(8, '多选', { options: ['A', 'B'] });
    expect(checkValue(pick, ['A', 'A', 'B'])).toEqual({ ok: true, value: ['A', 'B'] });
    expect(checkValue(pick, ['C'])).toEqual({ ok: false, error: '选项不存在' });
  });

  it('accepts only complete cascade paths that exist', () => {
    const area = def(18, '区域', { cascade: [{ label: '广东', children: [{ label: '深圳' }, { label: '广州' }] }, { label: '海外' }] });
    expect(checkValue(area, ['广东', '深圳'])).toEqual({ ok: true, value: ['广东', '深圳'] });
    expect(checkValue(area, '海外')).toEqual({ ok: true, value: ['海外'] });
    expect(checkValue(area, ['广东'])).toEqual({ ok: false, error: '请选择完整的级联选项' });
    expect(checkValue(area, ['广东', '北京'])).toEqual({ ok: false, error: '选项不存在' });
  });

  it('never throws on arbitrary values, for every type', () => {
    const types: FieldType[] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 30];
    const defs = types.map((t) => ({ ...def(1, `f${t}`), type: t, options: ['A'], cascade: [{ label: 'x' }], linkKind: 'order' as const }));
    fc.assert(
      fc.property(fc.constantFrom(...defs), fc.anything({ withNullPrototype: true, withObjectString: true, withBoxedValues: true }), (d, v) => {
        const r = checkValue(d, v);
        expect(typeof r.ok).toBe('boolean');
      }),
      { numRuns: 2000 },
    );
  });
});

describe('validateExt', () => {
  const qty = def(2, '数量', { required: true });
  const price = def(2, '单价');
  const total = def(19, '合计', { formula: `{${qty.id}} * {${price.id}} + {spareAmount}` });
  const kind = def(3, '类型', { options: ['维修', '安装'] });
  const reason = def(1, '故障原因', { required: true, condition: { field: String(kind.id), values: ['维修'] } });
  const photo = def(26, '照片');
  const secret = def(1, '内部备注', { visibleRoles: [3] });
  const link = def(30, '关联工单', { linkKind: 'order' });
  const fields = [qty, price, total, kind, reason, photo, secret, link];
  const k = (f: FieldDef) => String(f.id);

  it('cleans values, evaluates formulas and drops unknown keys', async () => {
    const r = await validateExt(fields, { [k(qty)]: '3', [k(price)]: 2.5, [k(total)]: 999, [k(kind)]: '安装', nope: 1 }, { system: { spareAmount: 1 } });
    expect(r).toEqual({ ok: true, ext: { [k(qty)]: 3, [k(price)]: 2.5, [k(kind)]: '安装', [k(total)]: 8.5 } });
  });

  it('names the field of the first failure', async () => {
    expect(await validateExt(fields, {})).toMatchObject({ ok: false, error: '数量：不能为空', fieldId: qty.id });
    expect(await validateExt(fields, { [k(qty)]: 'x' })).toMatchObject({ ok: false, error: '数量：请输入数字' });
  });

  it('requires a conditional field only when shown, and drops it when hidden', async () => {
    expect(await validateExt(fields, { [k(qty)]: 1, [k(kind)]: '维修' })).toMatchObject({ ok: false, error: '故障原因：不能为空' });
    const r = await validateExt(fields, { [k(qty)]: 1, [k(kind)]: '安装', [k(reason)]: '漏水' });
    expect(r.ok && r.ext[k(reason)]).toBe(undefined);
  });

  it('keeps a field the user may not see at its previous value', async () => {
    const r = await validateExt(fields, { [k(qty)]: 1, [k(secret)]: '改掉' }, { roles: [2], previous: { [k(secret)]: '原值' } });
    expect(r.ok && r.ext[k(secret)]).toBe('原值');
    const admin = await validateExt(fields, { [k(qty)]: 1, [k(secret)]: '改掉' }, { roles: [3], previous: { [k(secret)]: '原值' } });
    expect(admin.ok && admin.ext[k(secret)]).toBe('改掉');
  });

  it('checks files and links through the hooks', async () => {
    const files = async (ids: number[]) => ids.filter((i) => i < 100).map((id) => ({ id, ext: id === 5 ? 'pdf' : 'png' }));
    const links = async (_kind: string, ids: number[]) => ids.filter((i) => i === 1);
    const base = { [k(qty)]: 1 };
    expect(await validateExt(fields, { ...base, [k(photo)]: [1, 200] }, { files })).toMatchObject({ error: '照片：文件不存在或已被删除' });
    expect(await validateExt(fields, { ...base, [k(photo)]: [5] }, { files })).toMatchObject({ error: '照片：不支持的文件类型，仅支持png、jpg、jpeg、gif' });
    expect(await validateExt(fields, { ...base, [k(link)]: 2 }, { files, links })).toMatchObject({ error: '关联工单：关联的记录不存在' });
    expect(await validateExt(fields, { ...base, [k(photo)]: [1], [k(link)]: 1 }, { files, links })).toMatchObject({ ok: true });
  });

  it('applies defaults to new records only', async () => {
    const level = def(3, '级别', { options: ['一般', '紧急'], defaultValue: '一般' });
    expect(await validateExt([level], {}, { applyDefaults: true })).toEqual({ ok: true, ext: { [k(level)]: '一般' } });
    expect(await validateExt([level], {}, {})).toEqual({ ok: true, ext: {} });
  });

  it('presents values in the spec ExtField shape', async () => {
    const yes = def(7, '是否在保');
    const link2 = def(17, '说明书');
    const ext = { [k(qty)]: 2, [k(photo)]: [3, 4], [k(yes)]: '1', [k(link2)]: { url: 'https://a.cn', text: '下载' } };
    const out = presentExtValues([qty, photo, yes, link2], ext);
    expect(out[0]).toEqual({ id: qty.id, type: 2, tfname: '数量', tfvvalue: '2', ovalue: 2, fieldAttributeList: [], realPic: '' });
    expect(out[1]).toMatchObject({ tfvvalue: '/api/upload/file/3,/api/upload/file/4', realPic: '/api/upload/file/3,/api/upload/file/4' });
    expect(out[2]).toMatchObject({ tfvvalue: '1' });
    expect(out[3]).toMatchObject({ tfvvalue: 'https://a.cn', fieldAttributeList: [{ type: 'text', value: '下载' }] });
  });
});

describe('definition checks', () => {
  it('refuses bad field definitions with a message naming the property', () => {
    const r = fieldInput.safeParse({ name: '类型', type: 3, options: [] });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]).toMatchObject({ path: ['options'], message: '请至少添加一个选项' });
    expect(fieldInput.safeParse({ name: '合计', type: 19, formula: '1 +' }).error?.issues[0]?.message).toBe('公式不完整');
    expect(fieldInput.safeParse({ name: '数量', type: 2, min: 5, max: 1 }).error?.issues[0]?.message).toBe('最大值不能小于最小值');
    expect(fieldInput.safeParse({ name: '数量', type: 2, defaultValue: 'x' }).error?.issues[0]?.message).toBe('请输入数字');
  });

  it('checks references, names and cycles across fields', () => {
    const a = def(2, 'A', { id: 1 });
    const f1 = def(19, 'F1', { id: 2, formula: '{3} + 1' });
    const f2 = def(19, 'F2', { id: 3, formula: '{2} + {1}' });
    expect(checkFieldDefs([a, f1, f2], 1)).toBe('字段“F1”：公式不能循环引用');
    expect(checkFieldDefs([a, def(19, 'F', { id: 4, formula: '{99}' })], 1)).toBe('字段“F”：公式引用的字段“99”不存在或不是数字');
    expect(checkFieldDefs([a, def(19, 'F', { id: 4, formula: '{totalAmount} * 2' })], 1)).toBeNull();
    expect(checkFieldDefs([a, def(1, 'A', { id: 5 })], 1)).toBe('字段“A”：字段名称已存在');
    const c = def(1, 'C', { id: 6, condition: { field: '7', values: ['x'] } });
    const d = def(1, 'D', { id: 7, condition: { field: '6', values: ['x'] } });
    expect(checkFieldDefs([c, d], 2)).toBe('字段“C”：显示条件不能循环引用');
    expect(dependentsOf([a, f2], 1).map((x) => x.name)).toEqual(['F2']);
  });
});
