import { describe, expect, it } from 'vitest';
import { freeNotice } from '../auth/plans';
import { errorMessages, formatError } from './errors';

describe('error messages', () => {
  it('keeps the spec messages verbatim', () => {
    expect(errorMessages.NOT_LOGGED_IN).toBe('未登录');
    expect(errorMessages.CSRF_INVALID).toBe('操作失败，无效的CsrfToken');
  });
  it('fills placeholders', () => {
    expect(formatError('LOGIN_LOCKED', { minutes: 15 })).toBe('登录失败次数过多，请15分钟后再试');
  });
  it('writes every message in Chinese', () => {
    for (const [code, msg] of Object.entries(errorMessages)) {
      if (code === 'VALIDATION') continue;
      expect(msg, code).toMatch(/[\u4e00-\u9fa5]/);
    }
  });
  it('builds the free-plan notice with the feature and hotline', () => {
    expect(freeNotice('sortChange', '400-1')).toBe('免费版不支持修改排序，建议升级为VIP版本，咨询热线：400-1');
  });
});
