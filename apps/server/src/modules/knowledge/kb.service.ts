// The knowledge base: categories, articles with visibility and versions, the search over articles and published
// cases (the lists' grams search: platform/search.ts), and the suggestions for an order (docs/knowledge.md). The
// statements are kb.repo.ts's.
import {
  type ArticleBody,
  type ArticleDetail,
  type ArticleVersion,
  type BodyOf,
  type CaseView,
  type KbSearchQuery,
  KNOWLEDGE_EDIT_POWER,
  type knowledgeContract as K,
} from '@sk/shared';
import type { SQL } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { AppError, invalid, notFound } from '../../platform/errors';
import { gramsOf, texts } from '../../platform/search';
import { isUniqueViolation } from '../../platform/sql';
import { foreignUploadIds, uploadsOf } from '../files/index';
import { orderInScope } from '../orders/index';
import { pathText } from '../faults/index';
import { pathOf } from '../faults/index';
import { caseRow, presentView } from './case.repo';
import {
  type ArticleRow,
  type ArticleWrite,
  articleRow,
  articleVersionRow,
  articleVersions,
  categoryList,
  categoryUsed,
  deleteArticle,
  deleteCategory,
  heldRef,
  insertArticle,
  insertCategory,
  lockArticle,
  lockCategory,
  minVisibility,
  orderModelFault,
  publishedFor,
  type Reader,
  rankedHits,
  searchPage,
  suggestSql,
  toArticle,
  updateArticleRow,
  updateCategory,
} from './kb.repo';

export { minVisibility };

// ---- categories ----

export const categories = (db: Db, a: Reader) => categoryList(db, a);

export async function saveCategory(db: Db, a: Actor, b: BodyOf<typeof K.saveCategory>): Promise<number> {
  try {
    if (b.id) {
      if (!(await updateCategory(db, a.enterpriseId, b.id, b.name, b.sort))) throw notFound();
      return b.id;
    }
    return await insertCategory(db, a.enterpriseId, b.name, b.sort);
  } catch (e) {
    throw isUniqueViolation(e) ? invalid(`分类名称：“${b.name}”已存在`) : e;
  }
}

export async function removeCategory(db: Db, a: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await lockCategory(tx, a.enterpriseId, id))) throw notFound();
    if (await categoryUsed(tx, a.enterpriseId, id)) throw invalid('该分类下还有文章，不能删除');
    await deleteCategory(tx, a.enterpriseId, id);
  });
}

// ---- articles ----

/** Category, product model, fault mode and attachments must be the enterprise's (locked against deletion until commit). */
async function checkRefs(ex: Executor, ep: number, b: ArticleBody): Promise<number[]> {
  if (!(await heldRef(ex, ep, 'kb_categories', b.categoryId))) throw invalid('分类：请选择知识库的分类');
  if (b.productModelId && !(await heldRef(ex, ep, 'product_models', b.productModelId))) throw invalid('产品型号：请从产品库中选择');
  if (b.faultModeId && !(await heldRef(ex, ep, 'fault_modes', b.faultModeId))) throw invalid('故障模式：请从故障管理中选择');
  const files = [...new Set(b.attachments ?? [])];
  if ((await foreignUploadIds(ex, ep, files)).length) throw invalid('附件：文件不存在');
  return files;
}

const articleWrite = (b: ArticleBody, files: number[]): ArticleWrite => ({
  categoryId: b.categoryId,
  title: b.title,
  summary: b.summary ?? null,
  body: b.body,
  visibility: b.visibility,
  productModelId: b.productModelId ?? null,
  faultModeId: b.faultModeId ?? null,
  attachments: files,
  grams: texts(gramsOf(b.title, b.summary, b.body)),
});

export async function createArticle(db: Db, a: Actor, b: ArticleBody): Promise<number> {
  return db.transaction(async (tx) => insertArticle(tx, a.enterpriseId, a.id, articleWrite(b, await checkRefs(tx, a.enterpriseId, b))));
}

/** An edit: the row as it was goes to kb_article_versions, then the article takes the new text and version + 1. */
export async function updateArticle(db: Db, a: Actor, b: BodyOf<typeof K.updateArticle>): Promise<number> {
  return db.transaction(async (tx) => {
    const ep = a.enterpriseId;
    const cur = await lockArticle(tx, ep, b.id);
    if (!cur) throw notFound();
    if (cur.version !== b.version) throw new AppError('STATE_CHANGED');
    const files = await checkRefs(tx, ep, b);
    return updateArticleRow(tx, ep, b.id, a.id, articleWrite(b, files));
  });
}

export async function removeArticle(db: Db, a: Actor, id: number): Promise<void> {
  if (!(await deleteArticle(db, a.enterpriseId, id))) throw notFound();
}

/** An article row with its fault path and its attachments. */
async function presentArticle(ex: Executor, ep: number, r: ArticleRow): Promise<ArticleVersion> {
  return toArticle(r, {
    faultModePath: r.fault_mode_id ? pathText(await pathOf(ex, ep, r.fault_mode_id)) : null,
    attachments: await uploadsOf(ex, ep, (r.attachments ?? []).map(Number)),
  });
}

/** One article the reader may see (its visibility), with the list of earlier versions. */
export async function article(db: Db, a: Actor, id: number): Promise<ArticleDetail> {
  const r = await articleRow(db, a, id);
  if (!r) throw notFound();
  const versions = await articleVersions(db, a, id);
  return {
    ...(await presentArticle(db, a.enterpriseId, r)),
    canEdit: a.providerId == null && a.powers.includes(KNOWLEDGE_EDIT_POWER),
    versions: versions.map((v) => ({ version: v.version, title: v.title, editorName: v.editor_name, time: v.time })),
  };
}

/** An earlier version of an article the reader may see now (or the current one). */
export async function articleVersion(db: Db, a: Actor, id: number, version: number): Promise<ArticleVersion> {
  const cur = await article(db, a, id);
  if (cur.version === version) {
    const { canEdit: _c, versions: _v, ...rest } = cur;
    return rest;
  }
  const r = await articleVersionRow(db, a, id, version);
  if (!r) throw notFound();
  return presentArticle(db, a.enterpriseId, r);
}

// ---- search and suggestions ----

/**
 * The search: articles and published cases the reader sees, a keyword by the grams index rechecked with ILIKE
 * (title, summary and body; a case's title, number, symptom, remedy and dealer), title hits first, then newest.
 */
export const search = (db: Db, a: Reader, q: KbSearchQuery) => searchPage(db, a, q);

/** A published case the reader sees, as the knowledge base shows it. */
export async function caseView(db: Db, a: Actor, id: number): Promise<CaseView> {
  // The knowledge base's rule is visibility, not the case list's provider scope.
  const r = await caseRow(db, { ...a, providerId: null }, id, publishedFor(a));
  if (!r) throw notFound();
  const faultId = r.fault_mode_id;
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
    const o = await orderModelFault(db, ep, q.orderId);
    model = model ?? o?.model ?? null;
    fault = fault ?? o?.fault ?? null;
  }
  if (model == null && fault == null) return { articles: [], cases: [] };
  const path = fault ? (await pathOf(db, ep, fault)).map((p) => p.id) : [];
  const { articles, cases } = suggestSql(a, { model, fault, path, orderId: q.orderId ?? null }, SUGGEST_LIMIT);
  const read = async (s: SQL | null) => (!s ? [] : rankedHits(db, a, s, SUGGEST_LIMIT));
  return { articles: await read(articles), cases: await read(cases) };
}
