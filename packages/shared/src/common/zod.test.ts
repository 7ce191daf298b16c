import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { customerContract, formsContract, preferencesContract } from '../index';
import { coerceInt, int } from './ints';
import { findBadInput } from './text';
import { describeBadInput, describeIssue, L } from './zod';

const messageOf = (schema: z.ZodType, input: unknown): string => {
  const r = schema.safeParse(input);
  if (r.success) throw new Error('parsed');
  return describeIssue(schema, r.error);
};

describe('describeIssue', () => {
  it('names a field inside a list by its own Chinese label, not its key', () => {
    const body = formsContract.dcSave.body;
    const m = messageOf(body, { type: 1, fields: [{ name: '甲', type: 99 }] });
    expect(m).toBe('字段类型：不支持的字段类型');
  });

  it('labels nested objects and list elements', () => {
    const add = customerContract.addCustomer.body;
    expect(messageOf(add, { name: '甲', linkPerson: { name: '张三', phone: 'x' } })).toBe('联系电话：请输入正确的手机号或固定电话');
    expect(messageOf(add, { name: '甲', linkPerson: { name: '张三', phone: '13800000000' }, address: { detail: '' } })).toBe('详细地址：请输入详细地址');
    const perm = customerContract.savePermission.body;
    expect(messageOf(perm, { customerId: 1, users: ['x'] })).toBe('授权人员第1项：格式不正确，应为对象');
  });

  it("words zod's own messages in Chinese without English type names", () => {
    const s = z.object({ n: L(z.number(), '数量'), b: L(z.boolean(), '开关'), a: L(z.array(z.string()).max(1), '列表'), e: L(z.enum(['x', 'y']), '类型') });
    expect(messageOf(s, { n: 'x', b: true, a: [], e: 'x' })).toBe('数量：格式不正确，应为数字');
    expect(messageOf(s, { n: 1, b: 'x', a: [], e: 'x' })).toBe('开关：格式不正确，应为是或否');
    expect(messageOf(s, { n: 1, b: true, a: ['1', '2'], e: 'x' })).toBe('列表：不能超过1项');
    expect(messageOf(s, { n: 1, b: true, a: [], e: 'z' })).toBe('类型：取值不正确');
    expect(messageOf(s, { b: true, a: [], e: 'x' })).toBe('数量：不能为空');
    expect(messageOf(s, 'text')).toBe('请求数据格式错误');
  });
});

describe('integers bounded by their column', () => {
  it('refuses values past integer, smallint and bigint', () => {
    const s = z.object({ n: L(int(), '数量'), s: L(coerceInt('smallint').optional(), '状态') });
    expect(s.safeParse({ n: 2147483647 }).success).toBe(true);
    expect(messageOf(s, { n: 2147483648 })).toBe('数量：不能大于2147483647');
    expect(messageOf(s, { n: 1.5 })).toBe('数量：请输入整数');
    expect(messageOf(s, { n: 1, s: '32768' })).toBe('状态：不能大于32767');
    expect(messageOf(s, { n: 1, s: '-32769' })).toBe('状态：不能小于-32768');
    expect(coerceInt('bigint').safeParse('9007199254740991').success).toBe(true);
    expect(coerceInt('bigint').safeParse('9007199254740993').success).toBe(false);
  });
});

describe('findBadInput', () => {
  it('finds NUL and lone surrogates in values and keys at any depth, and accepts surrogate pairs', () => {
    expect(findBadInput({ a: ['ok', { b: 'x\u0000' }] })).toEqual({ path: ['a', 1, 'b'], reason: 'text' });
    expect(findBadInput({ a: '\ud800' })?.reason).toBe('text');
    expect(findBadInput({ a: 'x\udc00' })?.reason).toBe('text');
    expect(findBadInput({ a: { 'k\u0000': 1 } })).toEqual({ path: ['a'], reason: 'text' });
    expect(findBadInput({ a: '表情😀', b: [1, null, true] })).toBeNull();
  });

  it('stops at hostile nesting without recursion', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findBadInput(deep)?.reason).toBe('deep');
  });

  it('labels the field that holds the bad text, even inside free-form JSON', () => {
    const plan = preferencesContract.planSave.body;
    expect(describeBadInput(plan, { path: ['name'], reason: 'text' })).toBe('方案名称：包含无法保存的字符（空字符或无效编码），请删除后重试');
    expect(describeBadInput(plan, { path: ['conditions', 'x', 0], reason: 'text' })).toBe('筛选条件：包含无法保存的字符（空字符或无效编码），请删除后重试');
    expect(describeBadInput(plan, { path: ['constructor'], reason: 'text' })).toBe('包含无法保存的字符（空字符或无效编码），请删除后重试');
  });
});
