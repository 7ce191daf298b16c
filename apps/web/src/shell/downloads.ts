import { filesContract } from '@sk/shared/files/files.contract';
import { invalidate } from '../lib/query';

/** Download-centre polling: every second, at most 120 times, while any item is in progress. */
export const DOWNLOAD_POLL_MS = 1000;
export const DOWNLOAD_MAX_POLLS = 120;

/**
 * Call after starting an export (ListPage's export dialog does): the download list asks again (invalidated by its key),
 * and the centre, seeing the new file running, starts a fresh round of polling.
 */
export const watchDownloads = (): Promise<void> => invalidate(filesContract.downloadList);

/** Whether another poll is due: something still running and the round's polls not used up. */
export const shouldPoll = (states: number[], polls: number): boolean => polls < DOWNLOAD_MAX_POLLS && states.some((s) => s === 1);
