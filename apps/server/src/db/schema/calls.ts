import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, enterpriseIdCol, foreignKey, idCol, primaryKey, ref, ts, updatedAt } from './columns';
import { customerContacts, customers } from './customers';
import { enterprises, users } from './platform';

/** Call seats (坐席): one per user at most; its state follows the user's availability tag (docs/calls.md). */
export const callSeats = pgTable(
  'call_seats',
  {
    enterpriseId: enterpriseIdCol().references(() => enterprises.id, { onDelete: 'cascade' }),
    id: idCol(),
    userId: ref('user_id').notNull(),
    seatNo: text('seat_no').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    foreignKey({ name: 'call_seats_user_fk', columns: [t.enterpriseId, t.userId], foreignColumns: [users.enterpriseId, users.id] }).onDelete('cascade'),
    uniqueIndex('call_seats_user_uq').on(t.enterpriseId, t.userId),
    uniqueIndex('call_seats_no_uq').on(t.enterpriseId, t.seatNo),
  ],
);

/**
 * Call records (通话记录). State by callRecordMachine (1 振铃中, 2 通话中, 3 已接通, 4 未接), the call-back task of a
 * missed call by callbackMachine (callback_state 0 none, 1 待回电, 2 已回电); both change through platform/state.ts.
 * `call_id` is the telephony platform's id of the call (or ours for calls recorded by hand).
 */
export const callRecords = pgTable(
  'call_records',
  {
    enterpriseId: enterpriseIdCol().references(() => enterprises.id, { onDelete: 'cascade' }),
    id: idCol(),
    callId: text('call_id').notNull(),
    /** 1 inbound, 2 outbound. */
    direction: smallint('direction').notNull(),
    /** Normalised digits (normalizeNumber). */
    number: text('number').notNull(),
    customerId: ref('customer_id'),
    contactId: ref('contact_id'),
    seatNo: text('seat_no'),
    userId: ref('user_id'),
    state: smallint('state').notNull(),
    callbackState: smallint('callback_state').notNull().default(0),
    startedAt: ts('started_at').notNull(),
    answeredAt: ts('answered_at'),
    endedAt: ts('ended_at'),
    durationS: integer('duration_s').notNull().default(0),
    recordingUrl: text('recording_url'),
    /** The event created from the call (新建事件 with belongCallRecordId), and an order it concerns. */
    eventId: ref('event_id'),
    orderId: ref('order_id'),
    remark: text('remark'),
    createdBy: ref('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    foreignKey({ name: 'call_records_customer_fk', columns: [t.enterpriseId, t.customerId], foreignColumns: [customers.enterpriseId, customers.id] }).onDelete(
      'set null',
    ),
    foreignKey({
      name: 'call_records_contact_fk',
      columns: [t.enterpriseId, t.contactId],
      foreignColumns: [customerContacts.enterpriseId, customerContacts.id],
    }).onDelete('set null'),
    foreignKey({ name: 'call_records_user_fk', columns: [t.enterpriseId, t.userId], foreignColumns: [users.enterpriseId, users.id] }),
    uniqueIndex('call_records_call_uq').on(t.enterpriseId, t.callId),
    // The list's sort, and each filter with the sort behind it.
    index('call_records_started_idx').on(t.enterpriseId, t.startedAt, t.id),
    index('call_records_user_idx').on(t.enterpriseId, t.userId, t.startedAt, t.id),
    index('call_records_state_idx').on(t.enterpriseId, t.state, t.startedAt, t.id),
    index('call_records_direction_idx').on(t.enterpriseId, t.direction, t.startedAt, t.id),
    index('call_records_callback_idx').on(t.enterpriseId, t.callbackState, t.startedAt, t.id),
    index('call_records_customer_idx').on(t.enterpriseId, t.customerId, t.startedAt, t.id),
    index('call_records_number_idx').on(t.enterpriseId, t.number.op('text_pattern_ops')),
    index('call_records_contact_idx').on(t.enterpriseId, t.contactId),
    // The seat's call now (ringing or talking).
    index('call_records_live_idx').on(t.enterpriseId, t.userId).where(sql`state in (1, 2)`),
    // The badge: a user's open call-back tasks.
    index('call_records_my_callbacks_idx').on(t.enterpriseId, t.userId).where(sql`callback_state = 1`),
  ],
);

/** Append-only log of call records (platform/state.ts); `kind` tells the call's own state from its call-back task. */
export const callRecordLogs = pgTable(
  'call_record_logs',
  {
    enterpriseId: enterpriseIdCol(),
    id: idCol(),
    recordId: ref('record_id').notNull(),
    kind: text('kind').notNull(),
    fromState: smallint('from_state'),
    toState: smallint('to_state').notNull(),
    action: text('action').notNull(),
    note: text('note'),
    changed: jsonb('changed'),
    userId: ref('user_id'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.enterpriseId, t.id] }), index('call_record_logs_record_idx').on(t.enterpriseId, t.recordId, t.id)],
);

/** Every call event received once: the key (call id, event) makes a replayed or repeated post a no-op. */
export const callEventReceipts = pgTable(
  'call_event_receipts',
  {
    enterpriseId: enterpriseIdCol().references(() => enterprises.id, { onDelete: 'cascade' }),
    callId: text('call_id').notNull(),
    event: text('event').notNull(),
    receivedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.enterpriseId, t.callId, t.event] })],
);
