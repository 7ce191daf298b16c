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
