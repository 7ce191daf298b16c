import { z } from 'zod';
import { endpoint } from '../common/contract';
import { coerceInt } from '../common/ints';
import { pageQuery } from '../common/pagination';
import { L } from '../common/zod';
import { optionalId, optionalIds, optionalText, requiredId, requiredText } from '../customers/fields';
import { uploadedFileSchema } from '../files/files.contract';
import { caseViewSchema } from './case.contract';
import { KNOWLEDGE_EDIT_POWER, KNOWLEDGE_POWER } from './knowledge.constants';

export const kbCategorySchema = z.object({ id: z.number(), name: z.string(), sort: z.number(), articleCount: z.number() });
export type KbCategory = z.infer<typeof kbCategorySchema>;

/** One search result: an article or a published case. */
export const kbHitSchema = z.object({
  kind: z.enum(['article', 'case']),
  id: z.number(),
  title: z.string(),
  /** The start of the text (summary, or body / symptom). */
  summary: z.string(),
  categoryName: z.string().nullable(),
  visibility: z.number(),
  productName: z.string().nullable(),
  faultModeName: z.string().nullable(),
  update_time: z.string(),
});
export type KbHit = z.infer<typeof kbHitSchema>;

export const kbSearchQuery = z.object({
  keyword: optionalText('关键字', 50),
  categoryId: optionalId('分类'),
  kind: L(z.enum(['all', 'article', 'case'], { error: '类型只能是全部、文章或案例' }).default('all'), '类型'),
  ...pageQuery.shape,
});
export type KbSearchQuery = z.infer<typeof kbSearchQuery>;

const visibility = L(z.union([z.literal(1), z.literal(2), z.literal(3)], { error: '可见范围只能是1、2或3' }), '可见范围');

export const articleBody = z.object({
  categoryId: requiredId('分类'),
  title: requiredText('标题', 100),
  summary: optionalText('摘要', 300),
  body: L(z.string({ error: '请输入正文' }).trim().min(1, '请输入正文').max(20000, '正文不能超过20000个字'), '正文'),
  visibility,
  productModelId: optionalId('产品型号'),
  faultModeId: optionalId('故障模式'),
  attachments: optionalIds('附件', 20),
});
export type ArticleBody = z.infer<typeof articleBody>;

const articleFields = {
  id: z.number(),
  version: z.number(),
  categoryId: z.number(),
  categoryName: z.string().nullable(),
  title: z.string(),
  summary: z.string().nullable(),
  body: z.string(),
  visibility: z.number(),
  productModelId: z.number().nullable(),
  productName: z.string().nullable(),
  faultModeId: z.number().nullable(),
  faultModePath: z.string().nullable(),
  attachments: z.array(uploadedFileSchema),
  editorName: z.string().nullable(),
  update_time: z.string(),
};
export const articleVersionSchema = z.object(articleFields);
export type ArticleVersion = z.infer<typeof articleVersionSchema>;
export const articleDetailSchema = z.object({
  ...articleFields,
  canEdit: z.boolean(),
  /** Earlier versions, newest first (each viewable). */
  versions: z.array(z.object({ version: z.number(), title: z.string(), editorName: z.string().nullable(), time: z.string() })),
});
export type ArticleDetail = z.infer<typeof articleDetailSchema>;

export const suggestQuery = z
  .object({ orderId: optionalId('工单'), productModelId: optionalId('产品型号'), faultModeId: optionalId('故障模式') })
  .superRefine((q, ctx) => {
    if (!q.orderId && !q.productModelId && !q.faultModeId) ctx.addIssue({ code: 'custom', path: ['orderId'], message: '请选择工单或产品型号' });
  });

export const knowledgeContract = {
  categories: endpoint({ method: 'GET', path: '/knowledge/category/list', power: KNOWLEDGE_POWER, response: z.array(kbCategorySchema) }),
  saveCategory: endpoint({
    method: 'POST',
    path: '/knowledge/category',
    power: KNOWLEDGE_EDIT_POWER,
    body: z.object({
      id: optionalId('分类'),
      name: requiredText('分类名称', 30),
      sort: L(coerceInt('integer', '排序不正确').min(0, '排序不能小于0').max(9999, '排序不能大于9999').default(0), '排序'),
    }),
    response: z.object({ id: z.number() }),
  }),
  /** Refused while the category holds articles. */
  removeCategory: endpoint({
    method: 'DELETE',
    path: '/knowledge/category',
    power: KNOWLEDGE_EDIT_POWER,
    body: z.object({ id: requiredId('分类') }),
    response: z.null(),
  }),
  /** Articles and published cases the reader may see, by keyword (the lists' grams search), newest first, title hits first. */
  search: endpoint({
    method: 'GET',
    path: '/knowledge/search',
    power: KNOWLEDGE_POWER,
    query: kbSearchQuery,
    response: z.object({ list: z.array(kbHitSchema), count: z.number() }),
  }),
  article: endpoint({
    method: 'GET',
    path: '/knowledge/article',
    power: KNOWLEDGE_POWER,
    query: z.object({ id: requiredId('文章') }),
    response: articleDetailSchema,
  }),
  articleVersion: endpoint({
    method: 'GET',
    path: '/knowledge/article/version',
    power: KNOWLEDGE_POWER,
    query: z.object({ id: requiredId('文章'), version: L(coerceInt('integer').min(1, '版本不正确'), '版本') }),
    response: articleVersionSchema,
  }),
  createArticle: endpoint({
    method: 'POST',
    path: '/knowledge/article',
    power: KNOWLEDGE_EDIT_POWER,
    body: articleBody,
    response: z.object({ id: z.number() }),
  }),
  /** An edit keeps the previous version; `version` is the one the editor saw (a stale one answers STATE_CHANGED). */
  updateArticle: endpoint({
    method: 'PUT',
    path: '/knowledge/article',
    power: KNOWLEDGE_EDIT_POWER,
    body: articleBody.extend({ id: requiredId('文章'), version: L(coerceInt('integer').min(1, '版本不正确'), '版本') }),
    response: z.object({ version: z.number() }),
  }),
  removeArticle: endpoint({
    method: 'DELETE',
    path: '/knowledge/article',
    power: KNOWLEDGE_EDIT_POWER,
    body: z.object({ id: requiredId('文章') }),
    response: z.null(),
  }),
  /** A published case as the knowledge base shows it (to readers who do not manage cases). */
  caseView: endpoint({ method: 'GET', path: '/knowledge/case', power: KNOWLEDGE_POWER, query: z.object({ id: requiredId('案例') }), response: caseViewSchema }),
  /** Articles and published cases matching an order's (or a chosen) product model and fault mode. */
  suggest: endpoint({
    method: 'GET',
    path: '/knowledge/suggest',
    power: KNOWLEDGE_POWER,
    query: suggestQuery,
    response: z.object({ articles: z.array(kbHitSchema), cases: z.array(kbHitSchema) }),
  }),
};
