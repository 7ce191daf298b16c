import { useSyncExternalStore } from 'react';
import { isOnline, subscribeNetwork } from '../../../lib/offline/network';

/** Whether the app has a network: the browser's events and whether the last answer came from the server. */
export const useOnline = (): boolean => useSyncExternalStore(subscribeNetwork, isOnline, () => true);
