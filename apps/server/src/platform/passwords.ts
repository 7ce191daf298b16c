import { passwordLengthProblem } from '@sk/shared';
import { dictionary } from '@zxcvbn-ts/language-common';
import { AppError, invalid } from './errors';

/**
 * Words of this product and its demo that a user might reuse; the shipped list covers the world's
 * most common passwords (zxcvbn-ts' passwords-common, MIT).
 */
const CONTEXT = ['demo1234', 'test1234', 'servicekeeper', 'fuwuguanjia', 'woaini1314', 'a123456789', 'qq123456', 'aa123456'];

let common: Set<string> | null = null;
/** The list as a set, built on first use (about 49,000 entries). */
function commonSet(): Set<string> {
  common ??= new Set([...dictionary['passwords-common'], ...CONTEXT].map((p) => p.toLowerCase()));
  return common;
}

/** True when the password, in any letter case, is on the list. */
export const isCommonPassword = (pw: string): boolean => commonSet().has(pw.toLowerCase());

/** Every place that sets a password calls this (never login): length as ASVS 6.2 has it, then the list. */
export function assertNewPassword(pw: string): void {
  const problem = passwordLengthProblem(pw);
  if (problem) throw invalid(problem);
  if (isCommonPassword(pw)) throw new AppError('PASSWORD_COMMON');
}
