// Login helpers shared by the auth pages.
import { mobile } from '@sk/shared/common/zod';
import { isAppShell } from '../../lib/env';
import { queryClient } from '../../lib/query';
import { setSessionUser } from '../../lib/session';
import { rulesOf } from '../../lib/zodRules';
import { resetTabs } from '../../shell/tabs';

/** The mobile box's rules: required, then the contract's mobile rule. */
export const MOBILE_RULES = rulesOf(mobile, { required: '请输入手机号' });

export const loginClient = (): 'app' | 'web' => (isAppShell() ? 'app' : 'web');

/** Only same-site paths are followed after login. */
export function safeRedirect(raw: string | null): string {
  if (!raw?.startsWith('/') || raw.startsWith('//') || raw.startsWith('/login')) return '/';
  return raw;
}

/** A new session: nothing of the previous user's may linger (tabs, cached answers, session user). */
export function startSession(): void {
  resetTabs();
  queryClient.clear();
  setSessionUser(null);
}
