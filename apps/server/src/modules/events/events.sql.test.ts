import { describe, expect, it } from 'vitest';
import { and } from '../../platform/sql';
import { pageRows } from '../../platform/list';
import type { Actor } from '../../platform/actor';
import { renderSqlSet } from '../../test/sql-snapshot';
import { EVENT_ORDER, type EventListKind, eventConds, rowSelect } from './events.repo';

/** The event list's SQL (events.sql.snap): a change of it shows in the diff. `-u` rewrites the file. */

const staff: Actor = { id: 7, enterpriseId: 3, sysrole: 1, admin: false, powers: [], providerId: null, timeZone: 'Asia/Shanghai' };
const engineer: Actor = { ...staff, id: 8, sysrole: 2 };
const page = { pageIndex: 2, pageSize: 20 };

/** The page's rows as listEvents reads them for a filter an index holds in creation order (no walk). */
const list = (v: Actor, kind: EventListKind, f: Parameters<typeof eventConds>[2], order = EVENT_ORDER[1]) =>
  rowSelect(v, pageRows('events', 'e', v.enterpriseId, and(eventConds(v, kind, f)), order, page), order);

describe('event list SQL', () => {
  it('matches events.sql.snap', async () => {
    await expect(
      renderSqlSet({
        'my events, no filter (staff)': list(staff, 'mine', {}),
        'my events as an engineer, oldest first': list(engineer, 'mine', {}, EVENT_ORDER[2]),
        'the pool to claim': list(engineer, 'shelters', {}),
        'awaiting assignment, by state, priority and created period': list(staff, 'undelivered', {
          event_states: [1, 2],
          priority: 2,
          start_create_time: '2026-03-01',
          end_create_time: '2026-03-31',
        }),
        "a customer's events (related), by principal and template": list(staff, 'related', { customerId: 11, principal_id: 8, fk_t_ep_event_tmpl_id: 4 }),
      }),
    ).toMatchFileSnapshot('./events.sql.snap');
  });
});
