// The session user as the whole shell sees it: one small store, filled from GET /v2/sessionUser/info.
import { accountContract, type SessionUserInfo } from '@sk/shared/account/account.contract';
import { hasPower } from '@sk/shared/auth/powers';
import { useSyncExternalStore } from 'react';
import { type CallOptions, call } from './api';
import { cacheBelongsTo } from './offline/swCache';

let current: SessionUserInfo | null = null;
/** Logged out on purpose in this page: the layout goes to /login instead of asking the server again. */
let ended = false;
const listeners = new Set<() => void>();
/** Set once a session existed in this browser: a later 未登录 means it ended (→ /error403), not "never logged in". */
const HAD_SESSION_KEY = 'sk_had_session';

export const getSessionUser = (): SessionUserInfo | null => current;

function publish(u: SessionUserInfo | null, end: boolean): void {
  // The service worker's cached answers are one user's: dropped on logout and when another user logs in.
  if (u || end) cacheBelongsTo(u);
  current = u;
  ended = end;
  for (const l of listeners) l();
}

/** A loaded user, or null to load afresh (a new login). */
export function setSessionUser(u: SessionUserInfo | null): void {
  try {
    if (u) window.localStorage.setItem(HAD_SESSION_KEY, '1');
  } catch {
    // Storage blocked: only the first-visit redirect is affected.
  }
  publish(u, false);
}

export const hadSession = (): boolean => {
  try {
    return window.localStorage.getItem(HAD_SESSION_KEY) === '1';
  } catch {
    return false;
  }
};

export function forgetSession(): void {
  try {
    window.localStorage.removeItem(HAD_SESSION_KEY);
  } catch {
    // nothing to forget
  }
  publish(null, true);
}

export const sessionEnded = (): boolean => ended;

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export const useSessionUser = (): SessionUserInfo | null => useSyncExternalStore(subscribe, getSessionUser);

/** The user inside the layout, where the session gate guarantees one. */
export function useUser(): SessionUserInfo {
  const u = useSessionUser();
  if (!u) throw new Error('会话尚未加载');
  return u;
}

/** Whether the session user holds a power: pages hide what the role cannot do from the powers, never from role ids. */
export function useCan(): (power: string) => boolean {
  const u = useUser();
  return (power) => hasPower(u.powers, power);
}

export async function loadSessionUser(opts: CallOptions = {}): Promise<SessionUserInfo> {
  const u = await call(accountContract.sessionUser, { timestamp: Date.now() }, opts);
  setSessionUser(u);
  return u;
}

let gateLoad: Promise<SessionUserInfo> | null = null;

/**
 * The session gate's load (silent, no redirect). The start-up warm-up begins it before the shell renders;
 * the gate then joins the request in flight instead of sending a second one.
 */
export function loadSessionForGate(): Promise<SessionUserInfo> {
  gateLoad ??= loadSessionUser({ silent: true, noRedirect: true }).finally(() => {
    gateLoad = null;
  });
  return gateLoad;
}
