// Sends the engineer's offline queue (lib/offline) when the app starts and whenever the network comes back.
import { useEffect } from 'react';
import { isOnline, subscribeNetwork } from '../lib/offline/network';
import { useUser } from '../lib/session';

export function OfflineSync() {
  const user = useUser();
  useEffect(() => {
    if (typeof indexedDB === 'undefined') return;
    const sync = () => {
      if (isOnline()) void import('../lib/offline/sync').then((m) => m.syncQueue(user.id)).catch(() => {});
    };
    sync();
    // The browser's online event, or the first answer from the server after answers from the worker's copies.
    return subscribeNetwork(sync);
  }, [user.id]);
  return null;
}
