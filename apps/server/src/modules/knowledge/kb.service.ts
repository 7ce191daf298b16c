// The knowledge base: categories, articles with visibility and versions, the search over articles and published
// cases (the lists' grams search: platform/search.ts), and the suggestions for an order (docs/knowledge.md).
import {
  type ArticleBody,
  type ArticleDetail,
  type ArticleVersion,
  type BodyOf,
  type CaseView,
  type KbHit,
  type KbSearchQuery,
  KNOWLEDGE_EDIT_POWER,
  type KbVisibility,
  type knowledgeContract as K,
} from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, type Executor, rows } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { AppError, invalid, notFound } from '../../platform/errors';
import { countOf, listPage, pageSql, windowOf } from '../../platform/list';
import { contains, gramsOf, likePattern, texts } from '../../platform/search';
import { and, bigints, isUniqueViolation, timeOf } from '../../platform/sql';
import { foreignUploadIds, uploadsOf } from '../files/uploads.repo';
import { orderInScope } from '../orders/scope';
import { pathOf, pathText } from '../quality/fault.service';
import { caseRow, caseTexts, presentView } from './case.repo';

type Reader = Pick<Actor, 'enterpriseId' | 'providerId' | 'timeZone'>;
const n = (v: unknown): number | null => (v == null ? null : Number(v));

/** The lowest visibility a reader sees: staff everything, a provider's user staff-and-provider and public items. */
export const minVisibility = (a: Pick<Actor, 'providerId'>): KbVisibility => (a.providerId == null ? 1 : 2);
/** A published case's visibility level (internal 2, public 3), as SQL on alias k. */
const CASE_LEVEL = sql`(case when k.scope = 2 then 3 else 2 end)`;

// ---- categories ----

export async function categories(db: Db, a: Reader) {
  const list = await rows<{ id: number; name: string; sort: number; n: number }>(
    db,
    sql`select c.id, c.name, c.sort, (select count(*)::int from kb_articles x where x.enterprise_id = c.enterprise_id and x.category_id = c.id
        and x.visibility >= ${minVisibility(a)}) as n
      from kb_categories c where c.enterprise_id = ${a.enterpriseId} order by c.sort, c.id`,
  );
  return list.map((c) => ({ id: Number(c.id), name: c.name, sort: Number(c.sort), articleCount: Number(c.n) }));
}

export async function saveCategory(db: Db, a: Actor, b: BodyOf<typeof K.saveCategory>): Promise<number> {
  try {
    if (b.id) {
      const done = await rows<{ id: number }>(
        db,
        sql`update kb_categories set name = ${b.name}, sort = ${b.sort} where enterprise_id = ${a.enterpriseId} and id = ${b.id} returning id`,
      );
      if (!done.length) throw notFound();
      return b.id;
    }
    const [r] = await rows<{ id: number }>(
      db,
      sql`insert into kb_categories (enterprise_id, name, sort) values (${a.enterpriseId}, ${b.name}, ${b.sort}) returning id`,
    );
    return Number(r?.id);
  } catch (e) {
    throw isUniqueViolation(e) ? invalid(`分类名称：“${b.name}”已存在`) : e;
  }
}

export async function removeCategory(db: Db, a: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [c] = await rows<{ id: number }>(tx, sql`select id from kb_categories where enterprise_id = ${a.enterpriseId} and id = ${id} for update`);
    if (!c) throw notFound();
    const [used] = await rows<{ id: number }>(tx, sql`select id from kb_articles where enterprise_id = ${a.enterpriseId} and category_id = ${id} limit 1`);
    if (used) throw invalid('该分类下还有文章，不能删除');
    await tx.execute(sql`delete from kb_categories where enterprise_id = ${a.enterpriseId} and id = ${id}`);
  });
}

// ---- articles ----

/** Category, product model, fault mode and attachments must be the enterprise's (locked against deletion until commit). */
async function checkRefs(ex: Executor, ep: number, b: ArticleBody): Promise<number[]> {
  const [c] = await rows<{ id: number }>(ex, sql`select id from kb_categories where enterprise_id = ${ep} and id = ${b.categoryId} for key share`);
  if (!c) throw invalid('分类：请选择知识库的分类');
  if (b.productModelId) {
    const [m] = await rows<{ id: number }>(ex, sql`select id from product_models where enterprise_id = ${ep} and id = ${b.productModelId} for key share`);
    if (!m) throw invalid('产品型号：请从产品库中选择');
  }
  if (b.faultModeId) {
    const [f] = await rows<{ id: number }>(ex, sql`select id from fault_modes where enterprise_id = ${ep} and id = ${b.faultModeId} for key share`);
    if (!f) throw invalid('故障模式：请从故障管理中选择');
  }
  const files = [...new Set(b.attachments ?? [])];
  if ((await foreignUploadIds(ex, ep, files)).length) throw invalid('附件：文件不存在');
  return files;
}

const articleGrams = (b: Pick<ArticleBody, 'title' | 'summary' | 'body'>) => texts(gramsOf(b.title, b.summary, b.body));

export async function createArticle(db: Db, a: Actor, b: ArticleBody): Promise<number> {
  return db.transaction(async (tx) => {
    const files = await checkRefs(tx, a.enterpriseId, b);
    const [r] = await rows<{ id: number }>(
      tx,
      sql`insert into kb_articles (enterprise_id, category_id, title, summary, body, visibility, product_model_id, fault_mode_id, attachments, search_grams,
          created_by, updated_by)
        values (${a.enterpriseId}, ${b.categoryId}, ${b.title}, ${b.summary ?? null}, ${b.body}, ${b.visibility}, ${b.productModelId ?? null},
          ${b.faultModeId ?? null}, ${bigints(files)}, ${articleGrams(b)}, ${a.id}, ${a.id}) returning id`,
    );
    return Number(r?.id);
  });
}

/** An edit: the row as it was goes to kb_article_versions, then the article takes the new text and version + 1. */
export async function updateArticle(db: Db, a: Actor, b: BodyOf<typeof K.updateArticle>): Promise<number> {
  return db.transaction(async (tx) => {
    const ep = a.enterpriseId;
    const [cur] = await rows<{ version: number }>(tx, sql`select version from kb_articles where enterprise_id = ${ep} and id = ${b.id} for update`);
    if (!cur) throw notFound();
    if (Number(cur.version) !== b.version) throw new AppError('STATE_CHANGED');
    const files = await checkRefs(tx, ep, b);
    await tx.execute(sql`insert into kb_article_versions (enterprise_id, article_id, version, category_id, title, summary, body, visibility, product_model_id,
        fault_mode_id, attachments, edited_by, edited_at)
      select enterprise_id, id, version, category_id, title, summary, body, visibility, product_model_id, fault_mode_id, attachments, updated_by, updated_at
      from kb_articles where enterprise_id = ${ep} and id = ${b.id}`);
    const [r] = await rows<{ version: number }>(
      tx,
      sql`update kb_articles set category_id = ${b.categoryId}, title = ${b.title}, summary = ${b.summary ?? null}, body = ${b.body}, visibility = ${b.visibility},
          product_model_id = ${b.productModelId ?? null}, fault_mode_id = ${b.faultModeId ?? null}, attachments = ${bigints(files)},
          search_grams = ${articleGrams(b)}, version = version + 1, updated_by = ${a.id}, updated_at = now()
        where enterprise_id = ${ep} and id = ${b.id} returning version`,
    );
    return Number(r?.version);
  });
}

export async function removeArticle(db: Db, a: Actor, id: number): Promise<void> {
  const done = await rows<{ id: number }>(db, sql`delete from kb_articles where enterprise_id = ${a.enterpriseId} and id = ${id} returning id`);
  if (!done.length) throw notFound();
}

interface ArticleRow {
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
  attachments: (number | string)[];
  editor_name: string | null;
  update_time: string;
}

async function presentArticle(ex: Executor, ep: number, r: ArticleRow): Promise<ArticleVersion> {
  const faultId = n(r.fault_mode_id);
  return {
    id: Number(r.id),
    version: Number(r.version),
    categoryId: Number(r.category_id),
    categoryName: r.category_name,
    title: r.title,
    summary: r.summary,
    body: r.body,
    visibility: Number(r.visibility),
    productModelId: n(r.product_model_id),
    productName: r.product_name,
    faultModeId: faultId,
    faultModePath: faultId ? pathText(await pathOf(ex, ep, faultId)) : null,
    attachments: await uploadsOf(ex, ep, (r.attachments ?? []).map(Number)),
    editorName: r.editor_name,
    update_time: r.update_time,
  };
}

/** The article (`from` is kb_articles or kb_article_versions, aliased x, with its editor and time columns named). */
const articleSelect = (a: Reader, from: SQL, editor: SQL, time: SQL, where: SQL) => sql`select x.id, x.version, x.category_id, c.name as category_name, x.title,
    x.summary, x.body, x.visibility, x.product_model_id, pm.name as product_name, x.fault_mode_id, x.attachments, u.name as editor_name,
    ${timeOf(time, a)} as update_time
  from ${from} x
  left join kb_categories c on c.enterprise_id = x.enterprise_id and c.id = x.category_id
  left join product_models pm on pm.enterprise_id = x.enterprise_id and pm.id = x.product_model_id
  left join users u on u.enterprise_id = x.enterprise_id and u.id = ${editor}
  where ${where}`;

/** One article the reader may see (its visibility), with the list of earlier versions. */
export async function article(db: Db, a: Actor, id: number): Promise<ArticleDetail> {
  const [r] = await rows<ArticleRow>(
    db,
    articleSelect(
      a,
      sql`kb_articles`,
      sql`x.updated_by`,
      sql`x.updated_at`,
      sql`x.enterprise_id = ${a.enterpriseId} and x.id = ${id} and x.visibility >= ${minVisibility(a)}`,
    ),
  );
  if (!r) throw notFound();
  const versions = await rows<{ version: number; title: string; editor_name: string | null; time: string }>(
    db,
    sql`select v.version, v.title, u.name as editor_name, ${timeOf(sql`v.edited_at`, a)} as time from kb_article_versions v
      left join users u on u.enterprise_id = v.enterprise_id and u.id = v.edited_by
      where v.enterprise_id = ${a.enterpriseId} and v.article_id = ${id} order by v.version desc`,
  );
  return {
    ...(await presentArticle(db, a.enterpriseId, r)),
    canEdit: a.providerId == null && a.powers.includes(KNOWLEDGE_EDIT_POWER),
    versions: versions.map((v) => ({ version: Number(v.version), title: v.title, editorName: v.editor_name, time: v.time })),
  };
}

/** An earlier version of an article the reader may see now (or the current one). */
export async function articleVersion(db: Db, a: Actor, id: number, version: number): Promise<ArticleVersion> {
  const cur = await article(db, a, id);
  if (cur.version === version) {
    const { canEdit: _c, versions: _v, ...rest } = cur;
    return rest;
  }
  const [r] = await rows<ArticleRow>(
    db,
    sql`select * from (${articleSelect(
      a,
      sql`(select article_id as id, enterprise_id, version, category_id, title, summary, body, visibility, product_model_id, fault_mode_id, attachments,
            edited_by, edited_at from kb_article_versions)`,
      sql`x.edited_by`,
      sql`x.edited_at`,
      sql`x.enterprise_id = ${a.enterpriseId} and x.id = ${id} and x.version = ${version}`,
    )}) v`,
  );
  if (!r) throw notFound();
  return presentArticle(db, a.enterpriseId, r);
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
const toKbHit = (r: HitRow): KbHit => ({
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
const articleHits = (a: Reader, where: SQL[], rank: SQL = sql`0`) => sql`select 'article'::text as kind, a.id, a.title,
    coalesce(a.summary, left(a.body, 120)) as summary, a.category_id, a.visibility, a.product_model_id, a.fault_mode_id, a.updated_at as at, ${rank} as rank
  from kb_articles a where ${and([sql`a.enterprise_id = ${a.enterpriseId}`, sql`a.visibility >= ${minVisibility(a)}`, ...where])}`;
/** Published cases (alias k) the reader sees. */
const caseHits = (a: Reader, where: SQL[], rank: SQL = sql`0`) => sql`select 'case'::text as kind, k.id, k.title,
    left(coalesce(k.description, k.remedy, ''), 120) as summary, null::bigint as category_id, ${CASE_LEVEL} as visibility, k.product_model_id, k.fault_mode_id,
    k.published_at as at, ${rank} as rank
  from cases k where ${and([sql`k.enterprise_id = ${a.enterpriseId}`, sql`k.state = 2`, sql`${CASE_LEVEL} >= ${minVisibility(a)}`, ...where])}`;

const hitNames = (a: Reader) => sql`m.kind, m.id, m.title, m.summary, c.name as category_name, m.visibility, pm.name as product_name,
    fm.name as fault_mode_name, ${timeOf(sql`m.at`, a)} as update_time`;
const hitJoins = (ep: number) => sql`left join kb_categories c on c.enterprise_id = ${ep} and c.id = m.category_id
  left join product_models pm on pm.enterprise_id = ${ep} and pm.id = m.product_model_id
  left join fault_modes fm on fm.enterprise_id = ${ep} and fm.id = m.fault_mode_id`;

/**
 * The search: articles and published cases the reader sees, a keyword by the grams index rechecked with ILIKE
 * (title, summary and body; a case's title, number, symptom, remedy and dealer), title hits first, then newest.
 */
export function searchSql(a: Reader, q: Pick<KbSearchQuery, 'keyword' | 'categoryId' | 'kind'>, top?: number): SQL {
  const kw = q.keyword?.trim();
  const titleHit = (col: SQL) => (kw ? sql`(${col} ilike ${likePattern(kw)})::int` : sql`0`);
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

export function search(db: Db, a: Reader, q: KbSearchQuery) {
  const matches = searchSql(a, q);
  const w = windowOf(q);
  const order = sql`m.rank desc, m.at desc, m.kind, m.id desc`;
  return listPage(
    q,
    async () =>
      (
        await rows<HitRow>(
          db,
          // The page is picked first, its names joined after (20 rows, not every match).
          sql`select ${hitNames(a)} from (select * from (${searchSql(a, q, w.offset + w.limit)}) m order by ${order} ${pageSql(q)}) m ${hitJoins(a.enterpriseId)}
            order by ${order}`,
        )
      ).map(toKbHit),
    () => countOf(db, sql`(${matches}) m`, undefined),
  );
}

/** A published case the reader sees, as the knowledge base shows it. */
export async function caseView(db: Db, a: Actor, id: number): Promise<CaseView> {
  // The knowledge base's rule is visibility, not the case list's provider scope.
  const r = await caseRow(db, { ...a, providerId: null }, id, sql`k.state = 2 and ${CASE_LEVEL} >= ${minVisibility(a)}`);
  if (!r) throw notFound();
  const faultId = n(r.fault_mode_id);
  return presentView(db, a.enterpriseId, r, faultId ? pathText(await pathOf(db, a.enterpriseId, faultId)) : null);
}

const SUGGEST_LIMIT = 5;

/**
 * Suggestions for a product model and fault mode (an order's: its unit's model and its recorded fault mode): cases of the
 * same fault mode and model first, then either; articles of the fault mode or its cause or symptom, or of the model.
 * The order's own case is left out.
 */
export async function suggest(db: Db, a: Actor, q: { orderId?: number | null; productModelId?: number | null; faultModeId?: number | null }) {
  const ep = a.enterpriseId;
  let model = q.productModelId ?? null;
  let fault = q.faultModeId ?? null;
  if (q.orderId) {
    await orderInScope(db, a, q.orderId);
    const [o] = await rows<{ model: number | null; fault: number | null }>(
      db,
      sql`select ip.product_id as model, f.fault_mode_id as fault from orders o
        left join installed_products ip on ip.enterprise_id = o.enterprise_id and ip.id = o.installed_product_id
        left join order_fault_modes f on f.enterprise_id = o.enterprise_id and f.order_id = o.id
        where o.enterprise_id = ${ep} and o.id = ${q.orderId}`,
    );
    model = model ?? n(o?.model);
    fault = fault ?? n(o?.fault);
  }
  if (model == null && fault == null) return { articles: [], cases: [] };
  const path = fault ? (await pathOf(db, ep, fault)).map((p) => p.id) : [];
  const m = model ?? -1;
  const f = fault ?? -1;
  const faultIds = path.length ? bigints(path) : sql`'{}'::bigint[]`;
  const caseRank = sql`((k.fault_mode_id = ${f})::int * 3 + (k.product_model_id = ${m})::int * 2)`;
  const own = q.orderId ? sql`k.order_id is distinct from ${q.orderId}` : null;
  const top = (x: SQL, ranked = true) => sql`(${x} order by ${ranked ? sql`rank desc, ` : sql``}at desc, id desc limit ${SUGGEST_LIMIT})`;
  // Two branches each, so each walks an index in its order: the fault mode's few items ranked, and the model's items
  // without it (one rank, newest first: kb_articles_model_idx / cases_model_published_idx) — not a sort of every item of a model.
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
  const cases = caseParts.length ? sql.join(caseParts, sql` union all `) : null;
  const articleRank = sql`((a.fault_mode_id = ${f})::int * 3 + (a.fault_mode_id = any(${faultIds}))::int + (a.product_model_id = ${m})::int * 2)`;
  const articleParts = [
    path.length ? top(articleHits(a, [sql`a.fault_mode_id = any(${faultIds})`], articleRank)) : null,
    model != null
      ? top(articleHits(a, [sql`a.product_model_id = ${m}`, sql`(a.fault_mode_id is null or not a.fault_mode_id = any(${faultIds}))`], articleRank), false)
      : null,
  ].filter((c): c is SQL => c !== null);
  const articles = articleParts.length ? sql.join(articleParts, sql` union all `) : null;
  const read = async (s: SQL | null) =>
    !s
      ? []
      : (
          await rows<HitRow>(
            db,
            sql`select ${hitNames(a)} from (select * from (${s}) u order by rank desc, at desc, id desc limit ${SUGGEST_LIMIT}) m ${hitJoins(ep)}
          order by m.rank desc, m.at desc, m.id desc`,
          )
        ).map(toKbHit);
  return { articles: await read(articles), cases: await read(cases) };
}
