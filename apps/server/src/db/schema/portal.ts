import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, enterpriseIdCol, foreignKey, idCol, primaryKey, ref, ts } from './columns';
import { quotations } from './commerce';
import { homeAccounts } from './customers';
import { orders } from './orders';
import { uploads } from './files';

/**
 * Sessions of the customer portal (docs/portal.md): a home account's own cookie (sk_portal), apart from staff
 * sessions. The row carries the enterprise and the customer every portal query is scoped by.
 */
export const portalSessions = pgTable(
  'portal_sessions',
  {
    enterpriseId: enterpriseIdCol(),
    /** sha256 of the cookie token; the token itself is never stored. */
    id: text('id').notNull(),
    accountId: ref('account_id').notNull(),
    customerId: ref('customer_id').notNull(),
    csrfToken: text('csrf_token').notNull(),
    ip: text('ip'),
    createdAt: createdAt(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    uniqueIndex('portal_sessions_id_uq').on(t.id),
    foreignKey({
      name: 'portal_sessions_account_fk',
      columns: [t.enterpriseId, t.accountId],
      foreignColumns: [homeAccounts.enterpriseId, homeAccounts.id],
    }).onDelete('cascade'),
    index('portal_sessions_account_idx').on(t.enterpriseId, t.accountId),
  ],
);

/** One-time login links sent by SMS: the token only as its sha256, single use, short-lived. */
export const portalLoginTokens = pgTable(
  'portal_login_tokens',
  {
    enterpriseId: enterpriseIdCol(),
    id: idCol(),
    accountId: ref('account_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    uniqueIndex('portal_login_tokens_hash_uq').on(t.tokenHash),
    foreignKey({
      name: 'portal_login_tokens_account_fk',
      columns: [t.enterpriseId, t.accountId],
      foreignColumns: [homeAccounts.enterpriseId, homeAccounts.id],
    }).onDelete('cascade'),
    index('portal_login_tokens_account_idx').on(t.enterpriseId, t.accountId, t.createdAt),
  ],
);

/** Files the portal stored (report photos, signatures), by account: a report may attach only its own account's. */
export const portalUploads = pgTable(
  'portal_uploads',
  {
    enterpriseId: enterpriseIdCol(),
    uploadId: ref('upload_id').notNull(),
    accountId: ref('account_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.uploadId] }),
    foreignKey({ name: 'portal_uploads_upload_fk', columns: [t.enterpriseId, t.uploadId], foreignColumns: [uploads.enterpriseId, uploads.id] }).onDelete(
      'cascade',
    ),
    foreignKey({
      name: 'portal_uploads_account_fk',
      columns: [t.enterpriseId, t.accountId],
      foreignColumns: [homeAccounts.enterpriseId, homeAccounts.id],
    }).onDelete('cascade'),
    index('portal_uploads_account_idx').on(t.enterpriseId, t.accountId),
  ],
);

/**
 * One-time signature links of quotations sent by SMS to a contact without a portal account (docs/portal.md): the token
 * only as its sha256, an expiry, spent by the customer's 接受 or 拒绝 (viewing does not spend it).
 */
export const quotationSignLinks = pgTable(
  'quotation_sign_links',
  {
    enterpriseId: enterpriseIdCol(),
    id: idCol(),
    quotationId: ref('quotation_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    mobile: text('mobile').notNull(),
    name: text('name'),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdBy: ref('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    uniqueIndex('quotation_sign_links_hash_uq').on(t.tokenHash),
    foreignKey({
      name: 'quotation_sign_links_quotation_fk',
      columns: [t.enterpriseId, t.quotationId],
      foreignColumns: [quotations.enterpriseId, quotations.id],
    }).onDelete('cascade'),
    index('quotation_sign_links_quotation_idx').on(t.enterpriseId, t.quotationId, t.createdAt),
  ],
);

/**
 * Faults reported by scanning a product's QR label without an account (docs/portal.md, 扫码报修): the order made, the
 * mobile the SMS code proved, and the follow link's token only as its sha256 (the reporter follows that one order).
 */
export const scanReports = pgTable(
  'scan_reports',
  {
    enterpriseId: enterpriseIdCol(),
    id: idCol(),
    orderId: ref('order_id').notNull(),
    productId: ref('product_id').notNull(),
    mobile: text('mobile').notNull(),
    tokenHash: text('token_hash').notNull(),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    uniqueIndex('scan_reports_token_uq').on(t.tokenHash),
    foreignKey({ name: 'scan_reports_order_fk', columns: [t.enterpriseId, t.orderId], foreignColumns: [orders.enterpriseId, orders.id] }).onDelete('cascade'),
    index('scan_reports_product_idx').on(t.enterpriseId, t.productId, t.createdAt),
  ],
);
