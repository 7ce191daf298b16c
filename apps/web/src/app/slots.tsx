// Fills the slots (lib/slots.ts) with the features' widgets, once at start-up before the first render (main.tsx):
// the shell and the features below others take them from here, never from the features themselves. A widget the first
// screen does not need comes lazily, in its own chunk, as it did when the shell imported it.
import { lazy } from 'react';
import { fillSlots } from '../lib/slots';
import { NoticeBell } from '../features/notices';

export function fillAppSlots(): void {
  fillSlots({
    headerSearch: lazy(() => import('../features/search').then(({ GlobalSearch }) => ({ default: GlobalSearch }))),
    headerNotices: NoticeBell,
    headerListener: lazy(() => import('../features/calls').then(({ CallPopListener }) => ({ default: CallPopListener }))),
    homeFigures: lazy(() => import('../features/reports').then(({ DirectorFigures }) => ({ default: DirectorFigures }))),
    customerOrders: lazy(() => import('../features/orders').then(({ CustomerOrders }) => ({ default: CustomerOrders }))),
    customerEvents: lazy(() => import('../features/events').then(({ CustomerEvents }) => ({ default: CustomerEvents }))),
    customerProjects: lazy(() => import('../features/projects').then(({ CustomerProjects }) => ({ default: CustomerProjects }))),
  });
}
