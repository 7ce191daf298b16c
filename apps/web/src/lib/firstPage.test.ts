import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_LIST_WAIT_MS, FIRST_PAGE_WAIT_MS, firstPageReady, firstPageSettled, waitForFirstPage } from './firstPage';

// The web tests share modules between files: leave no page waited for.
afterEach(async () => {
  vi.useRealTimers();
  waitForFirstPage(Promise.resolve());
  await firstPageReady();
});

/** Whether firstPageReady() has settled, asked from now on. */
function watchReady(): () => boolean {
  let ready = false;
  void firstPageReady().then(() => (ready = true));
  return () => ready;
}

/** Not ready before `release`, ready and settled after it. */
async function readyOnlyAfter(release: () => void): Promise<void> {
  const ready = watchReady();
  await Promise.resolve();
  expect(ready()).toBe(false);
  release();
  await vi.waitFor(() => expect(ready()).toBe(true));
  expect(firstPageSettled()).toBe(true);
}

describe('the opening page the shell waits for', () => {
  it('is ready when its code has loaded', async () => {
    let loaded: () => void = () => {};
    waitForFirstPage(new Promise<void>((r) => (loaded = r)));
    expect(firstPageSettled()).toBe(false);
    await readyOnlyAfter(() => loaded());
  });

  it('is given up on after FIRST_PAGE_WAIT_MS when its code does not arrive', async () => {
    vi.useFakeTimers();
    waitForFirstPage(new Promise<void>(() => {}));
    const ready = watchReady();
    await vi.advanceTimersByTimeAsync(FIRST_PAGE_WAIT_MS - 1);
    expect(ready()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(ready()).toBe(true);
    expect(firstPageSettled()).toBe(false);
  });

  it('waits for a list page’s first page too, once its code has loaded', async () => {
    let loaded: () => void = () => {};
    let rows: () => void = () => {};
    waitForFirstPage(new Promise<void>((r) => (loaded = r)), new Promise<void>((r) => (rows = r)));
    rows();
    await readyOnlyAfter(() => loaded());
  });

  it('shows the page without its rows FIRST_LIST_WAIT_MS after its code has loaded', async () => {
    vi.useFakeTimers();
    let loaded: () => void = () => {};
    waitForFirstPage(new Promise<void>((r) => (loaded = r)), new Promise<void>(() => {}));
    const ready = watchReady();
    // The wait for the rows counts from the code's arrival, not from the start.
    await vi.advanceTimersByTimeAsync(FIRST_LIST_WAIT_MS);
    expect(ready()).toBe(false);
    loaded();
    await vi.advanceTimersByTimeAsync(FIRST_LIST_WAIT_MS - 1);
    expect(ready()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(ready()).toBe(true);
    expect(firstPageSettled()).toBe(true);
  });

  it('waits no more once the session fails to load (the login page comes next)', async () => {
    let failed: (e: Error) => void = () => {};
    const session = new Promise<unknown>((_, reject) => (failed = reject));
    waitForFirstPage(new Promise<void>(() => {}), new Promise<void>(() => {}), session);
    await readyOnlyAfter(() => failed(new Error('未登录')));
  });
});
