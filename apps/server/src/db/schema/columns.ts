import { bigint, foreignKey, primaryKey, timestamp } from 'drizzle-orm/pg-core';

/** Shared column builders so every business table reads the same. */
export const idCol = () => bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity();
export const enterpriseIdCol = () => bigint('enterprise_id', { mode: 'number' }).notNull();
export const ref = (name: string) => bigint(name, { mode: 'number' });
export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow();
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });

export { foreignKey, primaryKey };
