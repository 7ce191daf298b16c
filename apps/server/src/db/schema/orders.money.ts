import { boolean, index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, enterpriseIdCol, foreignKey, idCol, primaryKey, ref, ts } from './columns';
import { formTemplates } from './forms';
import { orders } from './orders';
import { enterprises, users } from './platform';

/** The enterprise's collection accounts (收款账户, fk_t_ep_receive_payment_id): where customers pay. */
export const receivePayments = pgTable(
  'receive_payments',
  {
    enterpriseId: enterpriseIdCol().references(() => enterprises.id, { onDelete: 'cascade' }),
    id: idCol(),
    name: text('name').notNull(),
    /** Payment method 1–5 (PAYMENT_METHODS). */
    method: smallint('method').notNull(),
    account: text('account').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.enterpriseId, t.id] }), uniqueIndex('receive_payments_name_uq').on(t.enterpriseId, t.name)],
);

/** Which order types an account serves (GET /receive/list/orderTmpl); an account without rows serves every type. */
export const receivePaymentTemplates = pgTable(
  'receive_payment_templates',
  {
    enterpriseId: enterpriseIdCol(),
    receivePaymentId: ref('receive_payment_id').notNull(),
    templateId: ref('template_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.receivePaymentId, t.templateId] }),
    foreignKey({
      name: 'receive_payment_templates_account_fk',
      columns: [t.enterpriseId, t.receivePaymentId],
      foreignColumns: [receivePayments.enterpriseId, receivePayments.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'receive_payment_templates_template_fk',
      columns: [t.enterpriseId, t.templateId],
      foreignColumns: [formTemplates.enterpriseId, formTemplates.id],
    }).onDelete('cascade'),
    index('receive_payment_templates_template_idx').on(t.enterpriseId, t.templateId),
  ],
);

/** The link a customer gets by SMS (POST /order/pdfSend): only the token's hash is stored; it expires. */
export const orderReportLinks = pgTable(
  'order_report_links',
  {
    enterpriseId: enterpriseIdCol(),
    id: idCol(),
    orderId: ref('order_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    mobile: text('mobile').notNull(),
    expiresAt: ts('expires_at').notNull(),
    /** Set when a newer link for the order replaces it. */
    revokedAt: ts('revoked_at'),
    openedAt: ts('opened_at'),
    createdBy: ref('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    uniqueIndex('order_report_links_token_uq').on(t.tokenHash),
    foreignKey({ name: 'order_report_links_order_fk', columns: [t.enterpriseId, t.orderId], foreignColumns: [orders.enterpriseId, orders.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ name: 'order_report_links_user_fk', columns: [t.enterpriseId, t.createdBy], foreignColumns: [users.enterpriseId, users.id] }),
    index('order_report_links_order_idx').on(t.enterpriseId, t.orderId),
  ],
);
