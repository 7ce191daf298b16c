// Sends the engineer's offline queue (lib/offline) when the app starts and whenever the network comes back.
import { useEffect } from 'react';
import { useUser } from '../lib/session';

export function OfflineSync() {
  const user = useUser();
  useEffect(() => {
    if (typeof indexedDB === 'undefined') return;
    const sync = () => {
      if (navigator.onLine) void import('../lib/offline/sync').then((m) => m.syncQueue(user.id)).catch(() => {});
    };
    sync();
    window.addEventListener('online', sync);
    return () => window.removeEventListener('online', sync);
  }, [user.id]);
  return null;
}
