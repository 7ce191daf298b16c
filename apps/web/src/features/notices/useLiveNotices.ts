import { menuContract } from '@sk/shared/menu/menu.contract';
import { noticeCountsContract } from '@sk/shared/notices/notices.counts';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ImClient } from '../../lib/im';
import { apiKey } from '../../lib/query';

/** What a new notice may change: the bell's counts, the menu badges and home's 待办事项. */
export function refreshInbox(qc: QueryClient): void {
  for (const key of [
    apiKey(noticeCountsContract.notifyCount),
    apiKey(noticeCountsContract.enterpriseNoticeCount),
    apiKey(menuContract.waitToDoList),
    ['badge'],
  ]) {
    void qc.invalidateQueries({ queryKey: key });
  }
}

/**
 * Listens on the app's socket for the server's `notice` signal (sent to the recipient once a notice is committed,
 * whoever wrote it) and refreshes the inbox then; the bell's 30 s poll stays as the fallback while the socket is down.
 */
export function useLiveNotices(
  enabled: boolean,
  make: (onFrame: (f: { eventType: string }) => void) => Pick<ImClient, 'connect' | 'close'> = defaultClient,
): void {
  const qc = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const client = make((f) => {
      if (f.eventType === 'notice') refreshInbox(qc);
    });
    client.connect();
    return () => client.close();
  }, [enabled, qc, make]);
}

const defaultClient = (onFrame: (f: { eventType: string }) => void) => new ImClient({ onFrame });
