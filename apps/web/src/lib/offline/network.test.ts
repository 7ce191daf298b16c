import { afterEach, describe, expect, it } from 'vitest';
import { isOnline, noteAnswer, subscribeNetwork } from './network';

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
});
