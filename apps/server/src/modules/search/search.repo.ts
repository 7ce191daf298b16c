// The global search's statements (docs/lists.md "Global search"): one per kind, each the kind's own scope rule and a
// contains-search on its search_grams GIN index (rechecked with ILIKE on the texts it finds by), newest first, at most
// SEARCH_LIMIT rows; a record whose number is exactly the text comes first, read by the number's unique index. EXPLAIN
// notes in docs/decisions.md (Search); bench/search.ts seeds 100,000 rows of each kind and prints the plans.
import { SEARCH_LIMIT, type SearchKind } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { contains, prefixPattern } from '../../platform/search';
import { customerRowScope, optionalCustomerScope } from '../customers/index';
import { eventScope } from '../events/index';
import { orderScope } from '../orders/index';
import { projectScope } from '../projects/index';

export interface SearchRow {
  id: number;
  no: string | null;
  title: string;
  sub: string | null;
  state: number | null;
}

/** Who searches: the actor, with the project area's view of him. */
export type Searcher = Actor;

interface KindQuery {
  /** id, no, title, sub, state, and `at` (the creation time the results are sorted by). */
  cols: SQL;
  from: SQL;
  /** Enterprise and scope. */
  scope: SQL;
  /** The text search. */
  match: SQL;
  /** The number column, when the kind has one: an exact number comes first. */
  no?: SQL;
  /** The alias whose created_at and id order the results. */
  alias: string;
}

/**
 * The exact number (by its unique index) first, then the newest matches: each branch is limited on its own, so the
 * matches may be read by walking the creation index when the text is common, or by the GIN index when it is rare.
 */
function pick(k: KindQuery, q: string): SQL {
  const a = sql.raw(k.alias);
  const newest = sql`order by ${a}.created_at desc, ${a}.id desc limit ${SEARCH_LIMIT}`;
  if (!k.no) return sql`select ${k.cols} from ${k.from} where ${k.scope} and ${k.match} ${newest}`;
  const exact = sql`${k.no} in (${q}, ${q.toUpperCase()})`;
  return sql`select id, no, title, sub, state from (
      (select 0 as r, ${k.cols} from ${k.from} where ${k.scope} and ${exact} limit 1)
      union all
      (select 1 as r, ${k.cols} from ${k.from} where ${k.scope} and ${k.match} and not coalesce(${exact}, false) ${newest})
    ) x order by r, at desc, id desc limit ${SEARCH_LIMIT}`;
}

/** Orders by number, title, customer name or the contact's phone (a prefix), within the order scope (the lists' rule). */
export const orderSql = (s: Searcher, q: string): SQL =>
  pick(
    {
      cols: sql`o.id::int as id, o.order_no as no, o.title, concat_ws(' · ', c.name, o.custom_link_person) as sub, o.state::int as state, o.created_at as at`,
      from: sql`orders o left join customers c on c.enterprise_id = o.enterprise_id and c.id = o.customer_id`,
      scope: sql`o.enterprise_id = ${s.enterpriseId} and o.deleted_at is null and ${orderScope(s)}`,
      match: sql`(${contains(sql`o.search_grams`, [sql`o.title`, sql`o.order_no`, sql`c.name`], q)} or o.custom_phone like ${prefixPattern(q)})`,
      no: sql`o.order_no`,
      alias: 'o',
    },
    q,
  );

/** Customers by name, contact or phone (a prefix); a salesperson only his own (the customer list's rule). */
export const customerSql = (s: Searcher, q: string): SQL =>
  pick(
    {
      cols: sql`c.id::int as id, null::text as no, c.name as title, concat_ws(' · ', c.link_name, c.phone) as sub, null::int as state`,
      from: sql`customers c`,
      scope: sql`c.enterprise_id = ${s.enterpriseId} and ${customerRowScope(s)}`,
      match: sql`(${contains(sql`c.search_grams`, [sql`c.name`, sql`c.link_name`], q)} or c.phone like ${prefixPattern(q)})`,
      alias: 'c',
    },
    q,
  );

/** Installed products by serial number (any part of it), within the customers the user sees. */
export const productSql = (s: Searcher, q: string): SQL =>
  pick(
    {
      cols: sql`p.id::int as id, p.serial_number as no, p.name as title, c.name as sub, null::int as state, p.created_at as at`,
      from: sql`installed_products p left join customers c on c.enterprise_id = p.enterprise_id and c.id = p.customer_id`,
      scope: sql`p.enterprise_id = ${s.enterpriseId} and ${optionalCustomerScope(s, sql`p.customer_id`, sql`p.created_by`)}`,
      match: contains(sql`p.search_grams`, sql`p.serial_number`, q),
      no: sql`p.serial_number`,
      alias: 'p',
    },
    q,
  );

/** Events by number or title, within the event scope. */
export const eventSql = (s: Searcher, q: string): SQL =>
  pick(
    {
      cols: sql`e.id::int as id, e.event_no as no, e.title, e.custom_name as sub, e.state::int as state, e.created_at as at`,
      from: sql`events e`,
      scope: sql`e.enterprise_id = ${s.enterpriseId} and ${eventScope(s, 'e')}`,
      match: contains(sql`e.search_grams`, [sql`e.title`, sql`e.event_no`], q),
      no: sql`e.event_no`,
      alias: 'e',
    },
    q,
  );

/** Projects by number or name, within the project scope. */
export const projectSql = (s: Searcher, q: string): SQL =>
  pick(
    {
      cols: sql`p.id::int as id, p.project_no as no, p.name as title, c.name as sub, p.state::int as state, p.created_at as at`,
      from: sql`projects p left join customers c on c.enterprise_id = p.enterprise_id and c.id = p.customer_id`,
      scope: sql`p.enterprise_id = ${s.enterpriseId} and ${projectScope(s, 'p')}`,
      match: contains(sql`p.search_grams`, [sql`p.name`, sql`p.project_no`], q),
      no: sql`p.project_no`,
      alias: 'p',
    },
    q,
  );

export const SEARCH_SQL: Record<SearchKind, (s: Searcher, q: string) => SQL> = {
  order: orderSql,
  customer: customerSql,
  product: productSql,
  event: eventSql,
  project: projectSql,
};

export const searchKind = (ex: Executor, kind: SearchKind, s: Searcher, q: string): Promise<SearchRow[]> => rows<SearchRow>(ex, SEARCH_SQL[kind](s, q));
