// Inside WeCom / DingTalk: which client, its login code, and the spec's messages.

export type ChatChannel = 'wecom' | 'dingtalk';

/** 版本过低请升级: the client's workplace-app API answered that the function does not exist (an old client). */
export const TOO_OLD = '版本过低请升级';

/** The chat client the page runs in, from its user agent (or ?channel= when the client does not say). */
export function chatChannel(ua = navigator.userAgent, query = window.location.search): ChatChannel | null {
  const q = new URLSearchParams(query).get('channel');
  if (q === 'wecom' || q === 'dingtalk') return q;
  if (/wxwork/i.test(ua)) return 'wecom';
  if (/dingtalk/i.test(ua)) return 'dingtalk';
  return null;
}

/** A client API failure as the user is told it: an old client that lacks the function → 版本过低请升级. */
export function clientErrorMessage(err: unknown): string {
  const text = typeof err === 'string' ? err : JSON.stringify(err ?? {}) + String((err as { message?: string })?.message ?? '');
  if (/function\s*not\s*exist|not\s*support|不支持|errorCode"?:\s*"?3\b|errCode"?:\s*"?3\b/i.test(text)) return TOO_OLD;
  const m = (err as { errorMessage?: string; errMsg?: string; message?: string }) ?? {};
  return m.errorMessage || m.errMsg || m.message || '客户端接口调用失败';
}

interface DingTalkJs {
  runtime?: { permission?: { requestAuthCode?: (o: { corpId: string; onSuccess: (r: { code: string }) => void; onFail: (e: unknown) => void }) => void } };
}

/** DingTalk's free-login code (its JS bridge, present inside the client); rejects with the user's message. */
export function dingTalkCode(corpId: string): Promise<string> {
  const dd = (window as unknown as { dd?: DingTalkJs }).dd;
  const request = dd?.runtime?.permission?.requestAuthCode;
  if (!request) return Promise.reject(new Error(TOO_OLD));
  return new Promise((resolve, reject) => request({ corpId, onSuccess: (r) => resolve(r.code), onFail: (e) => reject(new Error(clientErrorMessage(e))) }));
}
