import { newPassword } from '@sk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, loggedIn, STRONG_PASSWORD, TEST_PASSWORD } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';
import type { AppError } from './errors';
import { assertNewPassword, isCommonPassword } from './passwords';

/** What assertNewPassword answers: null when accepted, else the Chinese refusal. */
const verdict = (pw: string): string | null => {
  try {
    assertNewPassword(pw);
    return null;
  } catch (e) {
    return (e as AppError).message;
  }
};

describe('new passwords (OWASP ASVS 5.0 §6.2)', () => {
  it('refuses fewer than 8 characters, counted as characters, not bytes', () => {
    for (const pw of ['', 'a', 'abc123', 'Xy7$k2!', '密码密码密码密']) expect([pw, verdict(pw)]).toEqual([pw, '密码至少8位']);
    expect(verdict('密码就是蓝色天空')).toBeNull();
  });

  it('allows 64 and 128 characters and refuses 129', () => {
    expect(verdict('k'.repeat(40) + STRONG_PASSWORD)).toBeNull();
    expect(verdict('Kq9-'.repeat(32))).toBeNull();
    expect(verdict(`${'Kq9-'.repeat(32)}x`)).toBe('密码不能超过128位');
  });

  it('refuses common and breached passwords from the shipped list, in any letter case', () => {
    const weak = [
      'password1',
      '1qaz2wsx',
      '12345678',
      'qwerty123',
      'iloveyou',
      'abc12345',
      'zaq12wsx',
      'PASSWORD1',
      'Passw0rd',
      '11111111',
      TEST_PASSWORD,
      'demo1234',
    ];
    for (const pw of weak) expect([pw, verdict(pw)]).toEqual([pw, '密码过于常见，请换一个']);
  });

  it('has no composition rules: letters only, digits and spaces are fine when long and uncommon', () => {
    for (const pw of ['kestrelquartzmoon', 'correct horse battery staple', '73915208466', STRONG_PASSWORD]) expect([pw, verdict(pw)]).toEqual([pw, null]);
    expect(isCommonPassword(STRONG_PASSWORD)).toBe(false);
  });

  it('the contract says the same about length, so the web form does too', () => {
    expect(newPassword('新密码').safeParse('abc123').error?.issues[0]?.message).toBe('密码至少8位');
    expect(newPassword('新密码').safeParse('x'.repeat(129)).error?.issues[0]?.message).toBe('密码不能超过128位');
    expect(newPassword('新密码').safeParse('x'.repeat(128)).success).toBe(true);
  });
});

describe('over the API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('changing one’s password refuses weak and over-long ones; login still takes the old one', async () => {
    const { client, user, enterpriseId } = await loggedIn(t.app, t.deps.db, { roles: [4] });
    const change = (newPassword: string) => client.post('/stand/user/password', { oldPassword: TEST_PASSWORD, newPassword });
    expect((await change('abc123')).message).toBe('新密码：密码至少8位');
    expect((await change('1qaz2wsx')).message).toBe('密码过于常见，请换一个');
    expect((await change('x'.repeat(200))).message).toBe('新密码：密码不能超过128位');
    // Every refusal left the old password, which login still takes although it is on the list.
    const again = await new Client(t.app).post('/stand/pwdLogin', { mobile: user.mobile, password: TEST_PASSWORD, enterpriseId });
    expect(again.success).toBe(true);
    const long = 'Kq9-'.repeat(32);
    expect((await change(long)).success).toBe(true);
    expect((await new Client(t.app).post('/stand/pwdLogin', { mobile: user.mobile, password: long, enterpriseId })).success).toBe(true);
  });
});
