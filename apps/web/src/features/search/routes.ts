import type { PageRoute } from '../../lib/route';

/** No page of its own: the search box sits in the header (a shell slot, filled in app/slots.tsx). */
export const SEARCH_ROUTES: PageRoute[] = [];
