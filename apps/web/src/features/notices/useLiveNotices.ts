import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { imHub } from '../../lib/im';
import { isShellCount } from '../../lib/query';

/** What a new notice may change: the shell's counts (the bell, the menu badges and home's 待办事项). */
export function refreshInbox(qc: QueryClient): void {
  void qc.invalidateQueries({ predicate: isShellCount });
}

/**
 * Listens on the app's socket for the server's `notice` signal (sent to the recipient once a notice is committed,
 * whoever wrote it) and refreshes the inbox then; the bell's 30 s poll stays as the fallback while the socket is down.
 */
export function useLiveNotices(enabled: boolean, make: (onFrame: (f: { eventType: string }) => void) => LiveClient = defaultClient): void {
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

interface LiveClient {
  connect(): void;
  close(): void;
}

/** A listener on the tab's one shared socket. */
const defaultClient = (onFrame: (f: { eventType: string }) => void): LiveClient => {
  let leave: (() => void) | null = null;
  return {
    connect: () => {
      leave = imHub.subscribe({ onFrame });
    },
    close: () => leave?.(),
  };
};
