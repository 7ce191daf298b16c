import { mobile } from '@sk/shared/common/zod';
import { contactFields } from '@sk/shared/customers/customers.schema';
import Schema, { type RuleItem } from '@rc-component/async-validator';
import type { RuleObject } from 'antd/es/form';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { rulesOf } from './zodRules';

/** Runs the rules one by one through antd's own validator, as its form does: the first failing message, or null. */
async function check(rules: ReturnType<typeof rulesOf>, value: unknown): Promise<string | null> {
  for (const rule of rules as RuleObject[]) {
    try {
      await new Schema({ field: [rule as RuleItem] }).validate({ field: value });
    } catch (e) {
      const errors = (e as { errors?: { message: string }[] }).errors;
      return errors?.[0]?.message ?? String(e);
    }
  }
  return null;
}

describe('rulesOf', () => {
  it('takes required, pattern and message from the contract field', async () => {
    const rules = rulesOf(contactFields.phone);
    expect(await check(rules, '')).toBe('请输入联系电话');
    expect(await check(rules, '12345678')).toBe('请输入正确的手机号或固定电话');
    expect(await check(rules, '010-12345678')).toBeNull();
    expect(await check(rules, '13912345678')).toBeNull();
  });

  it('takes the length limit from the contract and leaves an optional field optional', async () => {
    expect(await check(rulesOf(contactFields.name), 'x'.repeat(51))).toBe('联系人不能超过50个字');
    expect(await check(rulesOf(contactFields.position), '')).toBeNull();
    expect(await check(rulesOf(contactFields.position), 'x'.repeat(51))).toMatch(/50/);
  });

  it('lets a page ask for a field with its own message', async () => {
    const rules = rulesOf(mobile, { required: '请输入手机号' });
    expect(await check(rules, '')).toBe('请输入手机号');
    expect(await check(rules, '1391234567')).toBe('请输入正确的11位手机号');
  });

  it('asks for a required field left blank or spaces only, and takes a number (an id from a select)', async () => {
    const rules = rulesOf(contactFields.name);
    expect(await check(rules, '   ')).toBe('请输入联系人');
    expect(await check(rules, undefined)).toBe('请输入联系人');
    const picked = rulesOf(z.number().int().positive(), { required: '请选择客户' });
    expect(await check(picked, undefined)).toBe('请选择客户');
    expect(await check(picked, 12)).toBeNull();
    expect(await check(picked, -1)).not.toBeNull();
  });

  it('counts an empty list as empty when the page asks for it or the contract refuses it, not otherwise', async () => {
    const atLeastOne = z.array(z.number()).min(1, '请至少选择一项');
    expect(await check(rulesOf(atLeastOne, { required: '请选择标签' }), [])).toBe('请选择标签');
    expect(await check(rulesOf(atLeastOne), [])).toBe('请至少选择一项');
    const mayBeEmpty = z.array(z.number()).max(10, '最多10项');
    expect(await check(rulesOf(mayBeEmpty), [])).toBeNull();
    expect(await check(rulesOf(mayBeEmpty, { required: '请至少选择一个角色' }), [])).toBe('请至少选择一个角色');
    expect(await check(rulesOf(mayBeEmpty, { required: '请至少选择一个角色' }), [1])).toBeNull();
  });
});
