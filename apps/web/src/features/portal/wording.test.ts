import { describe, expect, it } from 'vitest';
import { sentLinkText } from './wording';

describe('the portal login link message', () => {
  it('says the wait in plain Chinese (not 请在60秒后可再次获取)', () => {
    expect(sentLinkText(59.6)).toBe('已发送：如该手机号已开通服务门户，点击短信中的链接即可登录。请60秒后再获取');
  });
});
