import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, enterpriseIdCol, foreignKey, idCol, primaryKey, ref, ts, updatedAt } from './columns';
import { stateLogTable } from './logs';
import { customers, installedProducts, productModels } from './customers';
import { orders } from './orders';
import { enterprises, users } from './platform';
import { faultModes } from './quality';

const grams = () => text('search_grams').array().notNull().default(sql`'{}'::text[]`);

/**
 * Cases (/case/list, docs/knowledge.md): 1 from a completed order (生成案例), 2 a dealer's case. States by caseMachine:
 * 1 draft, 2 published (scope 1 internal, 2 public), 3 withdrawn. Parts are a snapshot, photos upload ids (references,
 * the files stay where they are). A dealer case converts to one order (converted_order_id; the order's source is 2).
 */
export const cases = pgTable(
  'cases',
  {
    enterpriseId: enterpriseIdCol().references(() => enterprises.id, { onDelete: 'cascade' }),
    id: idCol(),
    caseNo: text('case_no').notNull(),
    source: smallint('source').notNull(),
    orderId: ref('order_id'),
    convertedOrderId: ref('converted_order_id'),
    dealerName: text('dealer_name'),
    customerId: ref('customer_id'),
    installedProductId: ref('installed_product_id'),
    productModelId: ref('product_model_id'),
    faultModeId: ref('fault_mode_id'),
    /** The outsourced provider of the source order: its users see the case (like complaints). */
    providerId: ref('provider_id'),
    title: text('title').notNull(),
    description: text('description'),
    remedy: text('remedy'),
    parts: jsonb('parts').notNull().default(sql`'[]'::jsonb`),
    photos: bigint('photos', { mode: 'number' }).array().notNull().default(sql`'{}'::bigint[]`),
    state: smallint('state').notNull().default(1),
    scope: smallint('scope'),
    version: integer('version').notNull().default(0),
    searchGrams: grams(),
    createdBy: ref('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    publishedAt: ts('published_at'),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    foreignKey({ name: 'cases_order_fk', columns: [t.enterpriseId, t.orderId], foreignColumns: [orders.enterpriseId, orders.id] }),
    foreignKey({ name: 'cases_converted_fk', columns: [t.enterpriseId, t.convertedOrderId], foreignColumns: [orders.enterpriseId, orders.id] }),
    foreignKey({ name: 'cases_customer_fk', columns: [t.enterpriseId, t.customerId], foreignColumns: [customers.enterpriseId, customers.id] }),
    foreignKey({
      name: 'cases_product_fk',
      columns: [t.enterpriseId, t.installedProductId],
      foreignColumns: [installedProducts.enterpriseId, installedProducts.id],
    }),
    foreignKey({ name: 'cases_model_fk', columns: [t.enterpriseId, t.productModelId], foreignColumns: [productModels.enterpriseId, productModels.id] }),
    foreignKey({ name: 'cases_fault_fk', columns: [t.enterpriseId, t.faultModeId], foreignColumns: [faultModes.enterpriseId, faultModes.id] }),
    // One case per order it was generated from; one order per converted dealer case.
    uniqueIndex('cases_order_uq').on(t.enterpriseId, t.orderId),
    uniqueIndex('cases_converted_uq').on(t.enterpriseId, t.convertedOrderId),
    uniqueIndex('cases_no_uq').on(t.enterpriseId, t.caseNo),
    // The list (newest first, by state and source) and its filters; the suggestions read published cases by model and fault.
    index('cases_created_idx').on(t.enterpriseId, t.createdAt, t.id),
    index('cases_state_idx').on(t.enterpriseId, t.state, t.createdAt, t.id),
    index('cases_source_idx').on(t.enterpriseId, t.source, t.createdAt),
    index('cases_model_idx').on(t.enterpriseId, t.productModelId, t.faultModeId),
    // The suggestions' model branch: a model's published cases, newest first (bench/knowledge.ts, docs/knowledge.md).
    index('cases_model_published_idx').on(t.enterpriseId, t.productModelId, t.publishedAt, t.id).where(sql`state = 2`),
    index('cases_fault_idx').on(t.enterpriseId, t.faultModeId),
    index('cases_provider_idx').on(t.enterpriseId, t.providerId, t.createdAt),
    index('cases_published_idx').on(t.enterpriseId, t.publishedAt, t.id).where(sql`state = 2`),
    index('cases_grams_idx').using('gin', t.searchGrams),
  ],
);

/** The case's log (platform/state.ts writes it). */
export const caseLogs = stateLogTable('case_logs', 'case_id', cases);

/** Knowledge-base categories (one level). */
export const kbCategories = pgTable(
  'kb_categories',
  {
    enterpriseId: enterpriseIdCol().references(() => enterprises.id, { onDelete: 'cascade' }),
    id: idCol(),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.enterpriseId, t.id] }), uniqueIndex('kb_categories_name_uq').on(t.enterpriseId, t.name)],
);

/**
 * Knowledge-base articles: visibility 1 staff, 2 staff and providers, 3 also customers (levels nest). `version` counts
 * the edits; each edit first copies the row as it was into kb_article_versions.
 */
export const kbArticles = pgTable(
  'kb_articles',
  {
    enterpriseId: enterpriseIdCol().references(() => enterprises.id, { onDelete: 'cascade' }),
    id: idCol(),
    categoryId: ref('category_id').notNull(),
    title: text('title').notNull(),
    summary: text('summary'),
    body: text('body').notNull(),
    visibility: smallint('visibility').notNull().default(1),
    productModelId: ref('product_model_id'),
    faultModeId: ref('fault_mode_id'),
    attachments: bigint('attachments', { mode: 'number' }).array().notNull().default(sql`'{}'::bigint[]`),
    version: integer('version').notNull().default(1),
    searchGrams: grams(),
    createdBy: ref('created_by'),
    updatedBy: ref('updated_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    foreignKey({ name: 'kb_articles_category_fk', columns: [t.enterpriseId, t.categoryId], foreignColumns: [kbCategories.enterpriseId, kbCategories.id] }),
    foreignKey({ name: 'kb_articles_model_fk', columns: [t.enterpriseId, t.productModelId], foreignColumns: [productModels.enterpriseId, productModels.id] }),
    foreignKey({ name: 'kb_articles_fault_fk', columns: [t.enterpriseId, t.faultModeId], foreignColumns: [faultModes.enterpriseId, faultModes.id] }),
    foreignKey({ name: 'kb_articles_editor_fk', columns: [t.enterpriseId, t.updatedBy], foreignColumns: [users.enterpriseId, users.id] }),
    index('kb_articles_updated_idx').on(t.enterpriseId, t.updatedAt, t.id),
    index('kb_articles_category_idx').on(t.enterpriseId, t.categoryId, t.updatedAt),
    // The suggestions' model branch walks a model's articles newest first (bench/knowledge.ts, docs/knowledge.md).
    index('kb_articles_model_idx').on(t.enterpriseId, t.productModelId, t.updatedAt, t.id),
    index('kb_articles_fault_idx').on(t.enterpriseId, t.faultModeId),
    index('kb_articles_grams_idx').using('gin', t.searchGrams),
  ],
);

/** Earlier versions of an article, as they were before each edit. */
export const kbArticleVersions = pgTable(
  'kb_article_versions',
  {
    enterpriseId: enterpriseIdCol(),
    id: idCol(),
    articleId: ref('article_id').notNull(),
    version: integer('version').notNull(),
    categoryId: ref('category_id').notNull(),
    title: text('title').notNull(),
    summary: text('summary'),
    body: text('body').notNull(),
    visibility: smallint('visibility').notNull(),
    productModelId: ref('product_model_id'),
    faultModeId: ref('fault_mode_id'),
    attachments: bigint('attachments', { mode: 'number' }).array().notNull().default(sql`'{}'::bigint[]`),
    editedBy: ref('edited_by'),
    editedAt: ts('edited_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    foreignKey({
      name: 'kb_article_versions_article_fk',
      columns: [t.enterpriseId, t.articleId],
      foreignColumns: [kbArticles.enterpriseId, kbArticles.id],
    }).onDelete('cascade'),
    uniqueIndex('kb_article_versions_uq').on(t.enterpriseId, t.articleId, t.version),
  ],
);
