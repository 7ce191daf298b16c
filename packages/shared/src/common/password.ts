import { z } from 'zod';
import { L } from './zod';

/**
 * Passwords as OWASP ASVS 5.0 §6.2 has them: at least 8 characters, up to 128 allowed (64 required),
 * no composition rules, every character kept as typed (no trim). Whether a password is common is
 * checked by the server against a shipped list (apps/server/src/platform/passwords.ts).
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const PASSWORD_HINT = `${PASSWORD_MIN}至${PASSWORD_MAX}位，请勿使用常见密码`;

/** The length problem of a new password, in Chinese, or null. Characters are counted as code points. */
export function passwordLengthProblem(pw: string): string | null {
  const n = [...pw].length;
  if (n < PASSWORD_MIN) return `密码至少${PASSWORD_MIN}位`;
  if (n > PASSWORD_MAX) return `密码不能超过${PASSWORD_MAX}位`;
  return null;
}

/** A password being set (registration, reset, change, an administrator creating or editing a user or an account). */
export const newPassword = (label = '密码') =>
  L(
    z
      .string({ error: `请输入${label}` })
      .min(1, `请输入${label}`)
      .superRefine((v, ctx) => {
        const problem = passwordLengthProblem(v);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
    label,
  );

/** A password being proved (login, the old password): any existing one, never judged for strength. */
export const currentPassword = (label = '密码') =>
  L(
    z
      .string({ error: `请输入${label}` })
      .min(1, `请输入${label}`)
      .max(PASSWORD_MAX, `${label}不能超过${PASSWORD_MAX}位`),
    label,
  );
