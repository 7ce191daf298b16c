import { EVENT_STATES } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { rows } from '../../db/client';
import { addProductHistorySource } from '../customers/installed.service';
import { eventScope } from './event.state';

/** How many of a product's events its service history shows (newest first); the rest are on the events list. */
const HISTORY_MAX = 50;

/** Plugs this file's subscribers in (called by the module's wiring, in its declared order). */
export function wireHistory(): void {
  /** The installed product's service history lists its events, as far as the viewer may see them. */
  addProductHistorySource(async (ex, v, product) => {
    const viewer = v;
    const found = await rows<{ id: number; event_no: string; title: string; state: number; time: string }>(
      ex,
      sql`select e.id, e.event_no, e.title, e.state, to_char(e.created_at at time zone ${v.timeZone}, 'YYYY-MM-DD HH24:MI:SS') as time
          from events e where e.enterprise_id = ${v.enterpriseId} and e.installed_product_id = ${product.id} and ${eventScope(viewer)}
          order by e.created_at desc, e.id desc limit ${HISTORY_MAX}`,
    );
    return found.map((e) => ({
      type: '事件',
      id: Number(e.id),
      no: e.event_no,
      title: e.title,
      state: EVENT_STATES[e.state as keyof typeof EVENT_STATES]?.label ?? '',
      time: e.time,
    }));
  }, 'events.history');
}
