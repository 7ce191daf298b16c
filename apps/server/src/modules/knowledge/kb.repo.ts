// Queries of the knowledge base: categories, articles and their versions, the search over articles and published cases
// and the suggestions' reads (typed rows and their presenters; the rules are kb.service.ts's).
import { contains, textContains } from '../../platform/search';
import type { ArticleVersion, KbHit, KbSearchQuery, KbVisibility } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { countOf, listPage, pageSql, windowOf } from '../../platform/list';
import { and, bigints, timeOf } from '../../platform/sql';
import { caseTexts } from './case.repo';

export type Reader = Pick<Actor, 'enterpriseId' | 'providerId' | 'timeZone'>;

/** The lowest visibility a reader sees: staff everything, a provider's user staff-and-provider and public items. */
export const minVisibility = (a: Pick<Actor, 'providerId'>): KbVisibility => (a.providerId == null ? 1 : 2);
/** A published case's visibility level (internal 2, public 3), as SQL on alias k. */
export const CASE_LEVEL = sql`(case when k.scope = 2 then 3 else 2 end)`;

// ---- categories ----

/** The categories with the count of articles the reader sees. */
export async function categoryList(ex: Executor, a: Reader) {
  const list = await rows<{ id: number; name: string; sort: number; n: number }>(
    ex,
    sql`select c.id, c.name, c.sort, (select count(*)::int from kb_articles x where x.enterprise_id = c.enterprise_id and x.category_id = c.id
        and x.visibility >= ${minVisibility(a)}) as n
      from kb_categories c where c.enterprise_id = ${a.enterpriseId} order by c.sort, c.id`,
  );
  return list.map((c) => ({ id: c.id, name: c.name, sort: c.sort, articleCount: c.n }));
}

/** Renames a category; false when it is not the enterprise's. */
export async function updateCategory(ex: Executor, ep: number, id: number, name: string, sort: number) {
  const done = await rows<{ id: number }>(
    ex,
    sql`update kb_categories set name = ${name}, sort = ${sort} where enterprise_id = ${ep} and id = ${id} returning id`,
  );
  return done.length > 0;
}

export async function insertCategory(ex: Executor, ep: number, name: string, sort: number): Promise<number> {
  const [r] = await rows<{ id: number }>(ex, sql`insert into kb_categories (enterprise_id, name, sort) values (${ep}, ${name}, ${sort}) returning id`);
  return (r as { id: number }).id;
}

/** The category locked for its removal, or undefined. */
export async function lockCategory(ex: Executor, ep: number, id: number) {
  const [c] = await rows<{ id: number }>(ex, sql`select id from kb_categories where enterprise_id = ${ep} and id = ${id} for update`);
  return c;
}

export async function categoryUsed(ex: Executor, ep: number, id: number): Promise<boolean> {
  const [used] = await rows<{ id: number }>(ex, sql`select id from kb_articles where enterprise_id = ${ep} and category_id = ${id} limit 1`);
  return used != null;
}

export const deleteCategory = (ex: Executor, ep: number, id: number) => ex.execute(sql`delete from kb_categories where enterprise_id = ${ep} and id = ${id}`);

/** Whether the enterprise's row of `table` exists, key-share locked against deletion until commit. */
export async function heldRef(ex: Executor, ep: number, table: 'kb_categories' | 'product_models' | 'fault_modes', id: number): Promise<boolean> {
  const [r] = await rows<{ id: number }>(ex, sql`select id from ${sql.identifier(table)} where enterprise_id = ${ep} and id = ${id} for key share`);
  return r != null;
}

// ---- articles ----

/** An article's written columns. */
export interface ArticleWrite {
  categoryId: number;
  title: string;
  summary: string | null;
  body: string;
  visibility: number;
  productModelId: number | null;
  faultModeId: number | null;
  attachments: number[];
  grams: SQL;
}

export async function insertArticle(ex: Executor, ep: number, userId: number, w: ArticleWrite): Promise<number> {
  const [r] = await rows<{ id: number }>(
    ex,
    sql`insert into kb_articles (enterprise_id, category_id, title, summary, body, visibility, product_model_id, fault_mode_id, attachments, search_grams,
          created_by, updated_by)
        values (${ep}, ${w.categoryId}, ${w.title}, ${w.summary}, ${w.body}, ${w.visibility}, ${w.productModelId},
          ${w.faultModeId}, ${bigints(w.attachments)}, ${w.grams}, ${userId}, ${userId}) returning id`,
  );
  return (r as { id: number }).id;
}

/** The article's version, locked for an edit, or undefined. */
export async function lockArticle(ex: Executor, ep: number, id: number) {
  const [cur] = await rows<{ version: number }>(ex, sql`select version from kb_articles where enterprise_id = ${ep} and id = ${id} for update`);
  return cur;
}

/** Keeps the article as it is in kb_article_versions, then writes the edit (version + 1); answers the new version. */
export async function updateArticleRow(ex: Executor, ep: number, id: number, userId: number, w: ArticleWrite): Promise<number> {
  await ex.execute(sql`insert into kb_article_versions (enterprise_id, article_id, version, category_id, title, summary, body, visibility, product_model_id,
        fault_mode_id, attachments, edited_by, edited_at)
      select enterprise_id, id, version, category_id, title, summary, body, visibility, product_model_id, fault_mode_id, attachments, updated_by, updated_at
      from kb_articles where enterprise_id = ${ep} and id = ${id}`);
  const [r] = await rows<{ version: number }>(
    ex,
    sql`update kb_articles set category_id = ${w.categoryId}, title = ${w.title}, summary = ${w.summary}, body = ${w.body}, visibility = ${w.visibility},
          product_model_id = ${w.productModelId}, fault_mode_id = ${w.faultModeId}, attachments = ${bigints(w.attachments)},
          search_grams = ${w.grams}, version = version + 1, updated_by = ${userId}, updated_at = now()
        where enterprise_id = ${ep} and id = ${id} returning version`,
  );
  return (r as { version: number }).version;
}

export async function deleteArticle(ex: Executor, ep: number, id: number): Promise<boolean> {
  const done = await rows<{ id: number }>(ex, sql`delete from kb_articles where enterprise_id = ${ep} and id = ${id} returning id`);
  return done.length > 0;
}

export interface ArticleRow {
  id: number;
  version: number;
  category_id: number;
  category_name: string | null;
  title: string;
  summary: string | null;
  body: string;
  visibility: number;
  product_model_id: number | null;
  product_name: string | null;
  fault_mode_id: number | null;
  /** bigint[]: the driver gives its elements as text. */
  attachments: string[];
  editor_name: string | null;
  update_time: string;
}

/** The one place an article row (with its fault path and attachments, read by the service) becomes the contract's article. */
export const toArticle = (r: ArticleRow, more: Pick<ArticleVersion, 'faultModePath' | 'attachments'>): ArticleVersion => ({
  id: r.id,
  version: r.version,
  categoryId: r.category_id,
  categoryName: r.category_name,
  title: r.title,
  summary: r.summary,
  body: r.body,
  visibility: r.visibility,
  productModelId: r.product_model_id,
  productName: r.product_name,
  faultModeId: r.fault_mode_id,
  faultModePath: more.faultModePath,
  attachments: more.attachments,
  editorName: r.editor_name,
  update_time: r.update_time,
});

/** The article (`from` is kb_articles or kb_article_versions, aliased x, with its editor and time columns named). */
const articleSelect = (a: Reader, from: SQL, editor: SQL, time: SQL, where: SQL) => sql`select x.id, x.version, x.category_id, c.name as category_name, x.title,
    x.summary, x.body, x.visibility, x.product_model_id, pm.name as product_name, x.fault_mode_id, x.attachments, u.name as editor_name,
    ${timeOf(time, a)} as update_time
  from ${from} x
  left join kb_categories c on c.enterprise_id = x.enterprise_id and c.id = x.category_id
  left join product_models pm on pm.enterprise_id = x.enterprise_id and pm.id = x.product_model_id
  left join users u on u.enterprise_id = x.enterprise_id and u.id = ${editor}
  where ${where}`;

/** One current article the reader may see (its visibility), or undefined. */
export async function articleRow(ex: Executor, a: Reader, id: number) {
  const [r] = await rows<ArticleRow>(
    ex,
    articleSelect(
      a,
      sql`kb_articles`,
      sql`x.updated_by`,
      sql`x.updated_at`,
      sql`x.enterprise_id = ${a.enterpriseId} and x.id = ${id} and x.visibility >= ${minVisibility(a)}`,
    ),
  );
  return r;
}

/** The article's earlier versions, newest first. */
export function articleVersions(ex: Executor, a: Reader, id: number) {
  return rows<{ version: number; title: string; editor_name: string | null; time: string }>(
    ex,
    sql`select v.version, v.title, u.name as editor_name, ${timeOf(sql`v.edited_at`, a)} as time from kb_article_versions v
      left join users u on u.enterprise_id = v.enterprise_id and u.id = v.edited_by
      where v.enterprise_id = ${a.enterpriseId} and v.article_id = ${id} order by v.version desc`,
  );
}

/** An earlier version of an article, or undefined. */
export async function articleVersionRow(ex: Executor, a: Reader, id: number, version: number) {
  const [r] = await rows<ArticleRow>(
    ex,
    sql`select * from (${articleSelect(
      a,
      sql`(select article_id as id, enterprise_id, version, category_id, title, summary, body, visibility, product_model_id, fault_mode_id, attachments,
            edited_by, edited_at from kb_article_versions)`,
      sql`x.edited_by`,
      sql`x.edited_at`,
      sql`x.enterprise_id = ${a.enterpriseId} and x.id = ${id} and x.version = ${version}`,
    )}) v`,
  );
  return r;
}

// ---- search and suggestions ----

interface HitRow {
  kind: 'article' | 'case';
  id: number;
  title: string;
  summary: string | null;
  category_name: string | null;
  visibility: number;
  product_name: string | null;
  fault_mode_name: string | null;
  update_time: string;
}
/** The one place a search or suggestion hit becomes the contract's hit. */
export const toKbHit = (r: HitRow): KbHit => ({
  kind: r.kind,
  id: r.id,
  title: r.title,
  summary: r.summary ?? '',
  categoryName: r.category_name,
  visibility: r.visibility,
  productName: r.product_name,
  faultModeName: r.fault_mode_name,
  update_time: r.update_time,
});

/** Articles (alias a) the reader sees, with the columns every hit has. */
export const articleHits = (a: Reader, where: SQL[], rank: SQL = sql`0`) => sql`select 'article'::text as kind, a.id, a.title,
    coalesce(a.summary, left(a.body, 120)) as summary, a.category_id, a.visibility, a.product_model_id, a.fault_mode_id, a.updated_at as at, ${rank} as rank
  from kb_articles a where ${and([sql`a.enterprise_id = ${a.enterpriseId}`, sql`a.visibility >= ${minVisibility(a)}`, ...where])}`;
/** Published cases (alias k) the reader sees. */
export const caseHits = (a: Reader, where: SQL[], rank: SQL = sql`0`) => sql`select 'case'::text as kind, k.id, k.title,
    left(coalesce(k.description, k.remedy, ''), 120) as summary, null::bigint as category_id, ${CASE_LEVEL} as visibility, k.product_model_id, k.fault_mode_id,
    k.published_at as at, ${rank} as rank
  from cases k where ${and([sql`k.enterprise_id = ${a.enterpriseId}`, sql`k.state = 2`, sql`${CASE_LEVEL} >= ${minVisibility(a)}`, ...where])}`;

export const hitNames = (a: Reader) => sql`m.kind, m.id, m.title, m.summary, c.name as category_name, m.visibility, pm.name as product_name,
    fm.name as fault_mode_name, ${timeOf(sql`m.at`, a)} as update_time`;
export const hitJoins = (ep: number) => sql`left join kb_categories c on c.enterprise_id = ${ep} and c.id = m.category_id
  left join product_models pm on pm.enterprise_id = ${ep} and pm.id = m.product_model_id
  left join fault_modes fm on fm.enterprise_id = ${ep} and fm.id = m.fault_mode_id`;

/**
 * The search: articles and published cases the reader sees, a keyword by the grams index rechecked with ILIKE
 * (title, summary and body; a case's title, number, symptom, remedy and dealer), title hits first, then newest.
 */
export function searchSql(a: Reader, q: Pick<KbSearchQuery, 'keyword' | 'categoryId' | 'kind'>, top?: number): SQL {
  const kw = q.keyword?.trim();
  const titleHit = (col: SQL) => (kw ? sql`(${textContains(col, kw)})::int` : sql`0`);
  const parts: SQL[] = [];
  if (q.kind !== 'case') {
    parts.push(
      articleHits(
        a,
        [
          q.categoryId ? sql`a.category_id = ${q.categoryId}` : null,
          kw ? contains(sql`a.search_grams`, [sql`a.title`, sql`coalesce(a.summary, '')`, sql`a.body`], kw) : null,
        ].filter((c): c is SQL => c !== null),
        titleHit(sql`a.title`),
      ),
    );
  }
  if (q.kind !== 'article' && !q.categoryId) parts.push(caseHits(a, kw ? [contains(sql`k.search_grams`, caseTexts, kw)] : [], titleHit(sql`k.title`)));
  if (!parts.length) return caseHits(a, [sql`false`]);
  // A page's rows: each kind's first `top` in the page's order (with no keyword a walk of kb_articles_updated_idx and
  // cases_published_idx, not a sort of every row), the union sorted again by the caller.
  const order = kw ? sql`rank desc, at desc, id desc` : sql`at desc, id desc`;
  if (top != null)
    return sql.join(
      parts.map((p) => sql`(${p} order by ${order} limit ${top})`),
      sql` union all `,
    );
  return sql.join(parts, sql` union all `);
}

/** The statement of one page of the search (knowledge.sql.snap): the page is picked first, its names joined after (20 rows, not every match). */
export function searchPageSql(a: Reader, q: KbSearchQuery): SQL {
  const w = windowOf(q);
  const order = sql`m.rank desc, m.at desc, m.kind, m.id desc`;
  return sql`select ${hitNames(a)} from (select * from (${searchSql(a, q, w.offset + w.limit)}) m order by ${order} ${pageSql(q)}) m ${hitJoins(a.enterpriseId)}
            order by ${order}`;
}

export function searchPage(ex: Executor, a: Reader, q: KbSearchQuery) {
  return listPage(
    q,
    async () => (await rows<HitRow>(ex, searchPageSql(a, q))).map(toKbHit),
    () => countOf(ex, sql`(${searchSql(a, q)}) m`, undefined),
  );
}

/** An order's unit's model and recorded fault mode. */
export async function orderModelFault(ex: Executor, ep: number, orderId: number) {
  const [o] = await rows<{ model: number | null; fault: number | null }>(
    ex,
    sql`select ip.product_id as model, f.fault_mode_id as fault from orders o
        left join installed_products ip on ip.enterprise_id = o.enterprise_id and ip.id = o.installed_product_id
        left join order_fault_modes f on f.enterprise_id = o.enterprise_id and f.order_id = o.id
        where o.enterprise_id = ${ep} and o.id = ${orderId}`,
  );
  return o;
}

/** The condition of a published case a reader of the knowledge base sees (alias k). */
export const publishedFor = (a: Pick<Actor, 'providerId'>): SQL => sql`k.state = 2 and ${CASE_LEVEL} >= ${minVisibility(a)}`;

/**
 * The suggestions' two unions (null when there is nothing to ask): cases of the fault mode ranked, then the model's
 * without it; articles of the fault mode's path (itself, its cause, its symptom) ranked, then the model's outside it.
 * Two branches each, so each walks an index in its order: the fault mode's few items ranked, and the model's items
 * without it (one rank, newest first: kb_articles_model_idx / cases_model_published_idx) — not a sort of every item of a model.
 */
export function suggestSql(
  a: Reader,
  q: { model: number | null; fault: number | null; path: number[]; orderId: number | null },
  limit: number,
): { articles: SQL | null; cases: SQL | null } {
  const { model, fault, path } = q;
  const m = model ?? -1;
  const f = fault ?? -1;
  const faultIds = path.length ? bigints(path) : sql`'{}'::bigint[]`;
  const caseRank = sql`((k.fault_mode_id = ${f})::int * 3 + (k.product_model_id = ${m})::int * 2)`;
  const own = q.orderId ? sql`k.order_id is distinct from ${q.orderId}` : null;
  const top = (x: SQL, ranked = true) => sql`(${x} order by ${ranked ? sql`rank desc, ` : sql``}at desc, id desc limit ${limit})`;
  const caseParts = [
    fault
      ? top(
          caseHits(
            a,
            [sql`k.fault_mode_id = ${f}`, own].filter((c): c is SQL => c !== null),
            caseRank,
          ),
        )
      : null,
    model != null
      ? top(
          caseHits(
            a,
            [sql`k.product_model_id = ${m}`, sql`k.fault_mode_id is distinct from ${f}`, own].filter((c): c is SQL => c !== null),
            caseRank,
          ),
          false,
        )
      : null,
  ].filter((c): c is SQL => c !== null);
  const articleRank = sql`((a.fault_mode_id = ${f})::int * 3 + (a.fault_mode_id = any(${faultIds}))::int + (a.product_model_id = ${m})::int * 2)`;
  const articleParts = [
    path.length ? top(articleHits(a, [sql`a.fault_mode_id = any(${faultIds})`], articleRank)) : null,
    model != null
      ? top(articleHits(a, [sql`a.product_model_id = ${m}`, sql`(a.fault_mode_id is null or not a.fault_mode_id = any(${faultIds}))`], articleRank), false)
      : null,
  ].filter((c): c is SQL => c !== null);
  return {
    cases: caseParts.length ? sql.join(caseParts, sql` union all `) : null,
    articles: articleParts.length ? sql.join(articleParts, sql` union all `) : null,
  };
}

/** The first `limit` of the ranked hits `s` with their names. */
export async function rankedHits(ex: Executor, a: Reader, s: SQL, limit: number): Promise<KbHit[]> {
  return (
    await rows<HitRow>(
      ex,
      sql`select ${hitNames(a)} from (select * from (${s}) u order by rank desc, at desc, id desc limit ${limit}) m ${hitJoins(a.enterpriseId)}
          order by m.rank desc, m.at desc, m.id desc`,
    )
  ).map(toKbHit);
}
