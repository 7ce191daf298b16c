import { createContext, useContext } from 'react';

/**
 * Whether this build has a page of its own for a menu path (not the "即将上线" placeholder). The router provides
 * it from the route table, so the shell (the menu) asks without importing the table and every page with it.
 */
export const BuiltPagesContext = createContext<(path: string) => boolean>(() => true);
export const useBuiltPages = () => useContext(BuiltPagesContext);
