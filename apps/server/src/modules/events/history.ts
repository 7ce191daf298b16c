import { EVENT_STATES } from '@sk/shared';
import { addProductHistorySource } from '../customers/index';
import { productEvents } from './events.repo';

/** How many of a product's events its service history shows (newest first); the rest are on the events list. */
const HISTORY_MAX = 50;

/** Plugs this file's subscribers in (called by the module's wiring, in its declared order). */
export function wireHistory(): void {
  /** The installed product's service history lists its events, as far as the viewer may see them. */
  addProductHistorySource(async (ex, v, product) => {
    const found = await productEvents(ex, v, product.id, HISTORY_MAX);
    return found.map((e) => ({
      type: '事件',
      id: e.id,
      no: e.event_no,
      title: e.title,
      state: EVENT_STATES[e.state as keyof typeof EVENT_STATES]?.label ?? '',
      time: e.time,
    }));
  }, 'events.history');
}
