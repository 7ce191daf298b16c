import { mobile } from '@sk/shared/common/zod';
import { contactFields } from '@sk/shared/customers/customers.schema';
import type { RuleObject } from 'antd/es/form';
import { describe, expect, it } from 'vitest';
import { rulesOf } from './zodRules';

/** Runs the rules as antd would: the first failing message, or null. */
async function check(rules: ReturnType<typeof rulesOf>, value: unknown): Promise<string | null> {
  for (const r of rules as RuleObject[]) {
    const empty = value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
    if (r.required && empty) return String(r.message);
    if (r.validator) {
      try {
        await r.validator(r, value, () => {});
      } catch (e) {
        return (e as Error).message;
      }
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
});
