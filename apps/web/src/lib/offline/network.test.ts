import { afterEach, describe, expect, it } from 'vitest';
import { isOnline, noteAnswer, offlineDataAt, offlineDataText, subscribeNetwork } from './network';

afterEach(() => noteAnswer(false));

describe('the network as the app sees it', () => {
  it('is down while answers come from the worker’s copies, and back with the first fresh one', () => {
    expect(isOnline()).toBe(true);
    noteAnswer(true);
    expect(isOnline()).toBe(false);
    noteAnswer(false);
    expect(isOnline()).toBe(true);
  });

  it('tells its listeners of a change only, and believes the browser’s online event', () => {
    let told = 0;
    const stop = subscribeNetwork(() => told++);
    noteAnswer(true);
    noteAnswer(true);
    expect(told).toBe(1);
    window.dispatchEvent(new Event('online'));
    expect(isOnline()).toBe(true);
    expect(told).toBe(2);
    stop();
    noteAnswer(true);
    expect(told).toBe(2);
  });

  it('dates what is shown offline by the oldest copy shown, and forgets it back online', () => {
    expect(offlineDataAt()).toBeNull();
    noteAnswer(true, 2_000);
    noteAnswer(true, 1_000);
    noteAnswer(true, 3_000);
    expect(offlineDataAt()).toBe(1_000);
    noteAnswer(false);
    expect(offlineDataAt()).toBeNull();
    noteAnswer(true);
    expect(offlineDataAt()).toBeNull();
  });

  it('says the age of the offline data in Chinese', () => {
    const now = 10 * 24 * 3_600_000;
    expect(offlineDataText(now - 20_000, now)).toBe('离线数据，更新于 刚刚');
    expect(offlineDataText(now - 5 * 60_000, now)).toBe('离线数据，更新于 5 分钟前');
    expect(offlineDataText(now - 3 * 3_600_000, now)).toBe('离线数据，更新于 3 小时前');
    expect(offlineDataText(now - 2 * 24 * 3_600_000, now)).toBe('离线数据，更新于 2 天前');
  });
});
