import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, enterpriseIdCol, foreignKey, idCol, primaryKey, ref } from './columns';
import { enterprises, users } from './platform';

/** Instant messages of the customer-service channel, per enterprise and sender. */
export const imMessages = pgTable(
  'im_messages',
  {
    enterpriseId: enterpriseIdCol().references(() => enterprises.id, { onDelete: 'cascade' }),
    id: idCol(),
    userId: ref('user_id').notNull(),
    /** text, image, voice, video, file, link, miniprogram, msgmenu, location, business_card */
    eventType: text('event_type').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    foreignKey({ columns: [t.enterpriseId, t.userId], foreignColumns: [users.enterpriseId, users.id] }).onDelete('cascade'),
    index('im_messages_user_idx').on(t.enterpriseId, t.userId, t.id),
  ],
);
