// Where the web app runs: a plain browser, the mobile app shell, or an enterprise chat client.

const APP_SHELL_KEY = 'sk_app_shell';

/**
 * The mobile app shell opens the web app with ?client=app (remembered for the tab's session)
 * or identifies itself with "ServiceKeeperApp" in its user agent.
 */
export function isAppShell(): boolean {
  try {
    if (new URLSearchParams(window.location.search).get('client') === 'app') window.sessionStorage.setItem(APP_SHELL_KEY, '1');
    if (window.sessionStorage.getItem(APP_SHELL_KEY) === '1') return true;
  } catch {
    // Storage blocked: fall back to the user agent.
  }
  return /ServiceKeeperApp/i.test(navigator.userAgent);
}

/** Inside WeCom (wxwork), DingTalk or Feishu/Lark the chat client owns the login: no log-out entry. */
export const isChatClient = (): boolean => /wxwork|dingtalk|lark|feishu/i.test(navigator.userAgent);

const APP_SESSION_KEY = 'sk_app_sid';

/** The app shell's session id (answered at login with client 'app'), sent back in the session-id header. */
export function rememberAppSession(id: string | undefined | null): void {
  try {
    if (id && isAppShell()) window.localStorage.setItem(APP_SESSION_KEY, id);
    else if (!id) window.localStorage.removeItem(APP_SESSION_KEY);
  } catch {
    // Storage blocked: the cookie carries the session.
  }
}
export function appSessionId(): string | undefined {
  try {
    return isAppShell() ? (window.localStorage.getItem(APP_SESSION_KEY) ?? undefined) : undefined;
  } catch {
    return undefined;
  }
}
