import { type AnyPgColumn, index, jsonb, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt, enterpriseIdCol, foreignKey, idCol, primaryKey, ref } from './columns';
import { users } from './platform';

/**
 * The append-only log of a stateful record (platform/state.ts writes it): who moved it from which state to which, what
 * changed, why. One shape for every such table: `recordColumn` names the record, whose deletion takes its log along;
 * the record's page reads it in order.
 */
export const stateLogTable = (name: string, recordColumn: string, parent: { enterpriseId: AnyPgColumn; id: AnyPgColumn }) =>
  pgTable(
    name,
    {
      enterpriseId: enterpriseIdCol(),
      id: idCol(),
      recordId: ref(recordColumn).notNull(),
      fromState: smallint('from_state'),
      toState: smallint('to_state').notNull(),
      action: text('action').notNull(),
      note: text('note'),
      changed: jsonb('changed'),
      userId: ref('user_id'),
      createdAt: createdAt(),
    },
    (t) => [
      primaryKey({ columns: [t.enterpriseId, t.id] }),
      foreignKey({ name: `${name}_record_fk`, columns: [t.enterpriseId, t.recordId], foreignColumns: [parent.enterpriseId, parent.id] }).onDelete('cascade'),
      foreignKey({ name: `${name}_user_fk`, columns: [t.enterpriseId, t.userId], foreignColumns: [users.enterpriseId, users.id] }),
      index(`${name}_record_idx`).on(t.enterpriseId, t.recordId, t.createdAt, t.id),
    ],
  );
