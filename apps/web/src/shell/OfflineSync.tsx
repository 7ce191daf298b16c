// Sends the engineer's offline queue (lib/offline) when the app starts and whenever the network comes back, and then
// keeps what the app needs to start with no network (lib/offline/keep.ts).
import { useEffect } from 'react';
import { isOnline, subscribeNetwork } from '../lib/offline/network';
import { useUser } from '../lib/session';

export function OfflineSync() {
  const { id, sysrole } = useUser();
  useEffect(() => {
    if (typeof indexedDB === 'undefined') return;
    const sync = () => {
      if (!isOnline()) return;
      void import('../lib/offline/sync')
        .then((m) => m.syncQueue(id))
        .catch(() => {})
        // Loaded on demand, as the queue's sender: it brings the order contracts, which the first load must not carry.
        .finally(() => import('../lib/offline/keep').then((m) => m.keepForOffline({ id, sysrole })).catch(() => {}));
    };
    sync();
    // The browser's online event, or the first answer from the server after answers from the worker's copies.
    return subscribeNetwork(sync);
  }, [id, sysrole]);
  return null;
}
