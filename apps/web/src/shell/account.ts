// Session actions the header offers: log out, switch role, clear cache.
import { accountContract } from '@sk/shared/account/account.contract';
import { call } from '../lib/api';
import { cache } from '../lib/cache';
import { rememberAppSession } from '../lib/env';
import { queryClient } from '../lib/query';
import { forgetSession, loadSessionUser } from '../lib/session';
import { dropMenu } from './menu';
import { resetTabs } from './tabs';

/**
 * Log out: '登出成功' from the server, '登出失败' otherwise. The login page opens before the session
 * state is dropped, so the layout's session gate never sees a missing user.
 */
export async function logout(toast: (kind: 'success' | 'error', text: string) => void, goToLogin: () => void | Promise<void>): Promise<void> {
  try {
    await call(accountContract.logout, undefined, { silent: true });
  } catch {
    toast('error', '登出失败');
    return;
  }
  toast('success', '登出成功');
  await goToLogin();
  resetTabs();
  queryClient.clear();
  forgetSession();
  rememberAppSession(null);
}

export async function changeRole(role: number): Promise<void> {
  await call(accountContract.changeRole, { role });
}

/** After a role switch: tabs and the cached menu go, user and menu are reloaded. */
export async function afterRoleChange(): Promise<void> {
  resetTabs();
  await dropMenu();
  await loadSessionUser();
}

/** Clear cache: '当前没有缓存' when nothing is cached, otherwise '清除成功'. */
export function clearCache(): { ok: boolean; message: string } {
  return cache.clear() ? { ok: true, message: '清除成功' } : { ok: false, message: '当前没有缓存' };
}
