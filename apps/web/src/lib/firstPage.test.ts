import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_LIST_WAIT_MS, FIRST_PAGE_WAIT_MS, firstPageReady, firstPageSettled, waitForFirstPage } from './firstPage';

// The web tests share modules between files: leave no page waited for.
afterEach(async () => {
  vi.useRealTimers();
  waitForFirstPage(Promise.resolve());
  await firstPageReady();
});

describe('the opening page the shell waits for', () => {
  it('is ready when its code has loaded', async () => {
    let loaded: () => void = () => {};
    waitForFirstPage(new Promise<void>((r) => (loaded = r)));
    expect(firstPageSettled()).toBe(false);
    let ready = false;
    void firstPageReady().then(() => (ready = true));
    await Promise.resolve();
    expect(ready).toBe(false);
    loaded();
    await vi.waitFor(() => expect(ready).toBe(true));
    expect(firstPageSettled()).toBe(true);
  });

  it('is given up on after FIRST_PAGE_WAIT_MS when its code does not arrive', async () => {
    vi.useFakeTimers();
    waitForFirstPage(new Promise<void>(() => {}));
    let ready = false;
    void firstPageReady().then(() => (ready = true));
    await vi.advanceTimersByTimeAsync(FIRST_PAGE_WAIT_MS - 1);
    expect(ready).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(ready).toBe(true);
    expect(firstPageSettled()).toBe(false);
  });

  it('waits for a list page’s first page too, once its code has loaded', async () => {
    let loaded: () => void = () => {};
    let rows: () => void = () => {};
    waitForFirstPage(new Promise<void>((r) => (loaded = r)), new Promise<void>((r) => (rows = r)));
    let ready = false;
    void firstPageReady().then(() => (ready = true));
    rows();
    await Promise.resolve();
    expect(ready).toBe(false);
    loaded();
    await vi.waitFor(() => expect(ready).toBe(true));
    expect(firstPageSettled()).toBe(true);
  });

  it('shows the page without its rows FIRST_LIST_WAIT_MS after its code has loaded', async () => {
    vi.useFakeTimers();
    let loaded: () => void = () => {};
    waitForFirstPage(new Promise<void>((r) => (loaded = r)), new Promise<void>(() => {}));
    let ready = false;
    void firstPageReady().then(() => (ready = true));
    // The wait for the rows counts from the code's arrival, not from the start.
    await vi.advanceTimersByTimeAsync(FIRST_LIST_WAIT_MS);
    expect(ready).toBe(false);
    loaded();
    await vi.advanceTimersByTimeAsync(FIRST_LIST_WAIT_MS - 1);
    expect(ready).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(ready).toBe(true);
    expect(firstPageSettled()).toBe(true);
  });

  it('waits no more once the session fails to load (the login page comes next)', async () => {
    let failed: (e: Error) => void = () => {};
    const session = new Promise<unknown>((_, reject) => (failed = reject));
    waitForFirstPage(new Promise<void>(() => {}), new Promise<void>(() => {}), session);
    let ready = false;
    void firstPageReady().then(() => (ready = true));
    await Promise.resolve();
    expect(ready).toBe(false);
    failed(new Error('未登录'));
    await vi.waitFor(() => expect(ready).toBe(true));
    expect(firstPageSettled()).toBe(true);
  });
});
