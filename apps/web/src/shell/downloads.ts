import { createStore } from '../lib/store';

/** Download-centre polling: every second, at most 120 times, while any item is in progress. */
export const DOWNLOAD_POLL_MS = 1000;
export const DOWNLOAD_MAX_POLLS = 120;

/** Bumped when an export starts, so the download centre starts a fresh round of polling. */
export const downloadWatch = createStore(0);

/** Call after starting an export (ListPage's export dialog does). */
export const watchDownloads = (): void => downloadWatch.set((n) => n + 1);

/** Whether another poll is due: something still running and the round's polls not used up. */
export const shouldPoll = (states: number[], polls: number): boolean => polls < DOWNLOAD_MAX_POLLS && states.some((s) => s === 1);
