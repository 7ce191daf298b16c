import { afterEach, describe, expect, it, vi } from 'vitest';
import { bindToast, TOAST_DEDUPE_MS, toast } from './toast';

afterEach(() => vi.useRealTimers());

describe('toast', () => {
  it('says one text once when two calls fail together, and again later', () => {
    vi.useFakeTimers();
    const shown: string[] = [];
    const record = (kind: string) => (text: string) => shown.push(`${kind}:${text}`);
    bindToast({ success: record('success'), error: record('error'), warning: record('warning'), info: record('info') });
    toast.error('数据不存在或已被删除');
    toast.error('数据不存在或已被删除');
    toast.warning('数据不存在或已被删除');
    toast.error('无权访问');
    expect(shown).toEqual(['error:数据不存在或已被删除', 'warning:数据不存在或已被删除', 'error:无权访问']);
    vi.advanceTimersByTime(TOAST_DEDUPE_MS + 1);
    toast.error('数据不存在或已被删除');
    expect(shown).toHaveLength(4);
  });
});
