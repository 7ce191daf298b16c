import { useDeferredValue } from 'react';

/**
 * False on the first render, true one deferred render later. What can wait (the header's tools, the menus' badge
 * counts, the side menu, the tab strip) renders after the first screen has been drawn: on a slow phone the page and
 * its rows come first (figures in bench/README.md). Not in lib/firstPage.ts: start-up imports that before React.
 */
export const useAfterFirstScreen = (): boolean => useDeferredValue(true, false);
