import { describe, expect, it } from 'vitest';
import { chatChannel, clientErrorMessage, TOO_OLD } from './embed';

describe('inside the chat clients', () => {
  it('tells WeCom from DingTalk by the user agent, and a query names it when the agent does not', () => {
    expect(chatChannel('Mozilla/5.0 (iPhone) wxwork/4.1.6 MicroMessenger/7.0.1', '')).toBe('wecom');
    expect(chatChannel('Mozilla/5.0 (Linux; Android 12) AliApp(DingTalk/7.0.40)', '')).toBe('dingtalk');
    expect(chatChannel('Mozilla/5.0 Chrome/120', '')).toBeNull();
    expect(chatChannel('Mozilla/5.0 Chrome/120', '?corpId=x&channel=dingtalk')).toBe('dingtalk');
  });
  it('an API that does not exist in an old client says 版本过低请升级; other failures keep their message', () => {
    expect(clientErrorMessage({ errMsg: 'agentConfig:fail function not exist' })).toBe(TOO_OLD);
    expect(clientErrorMessage({ errorCode: '3', errorMessage: 'xxx' })).toBe(TOO_OLD);
    expect(clientErrorMessage({ errorCode: '7', errorMessage: '用户取消' })).toBe('用户取消');
  });
});
