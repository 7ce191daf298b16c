// migrate() on a database an older pre-release build made: a clear Chinese message instead of a driver error.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/harness';
import { type Database, rows } from './client';
import { migrate, OLD_SCHEMA_MESSAGE, OldSchemaError } from './migrate';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('migrate', () => {
  it('does nothing on a database that has the current schema', async () => {
    await expect(migrate(database)).resolves.toBeUndefined();
  });

  it('tells the user what to do when the tables come from an older init migration', async () => {
    // As an older build leaves it: its init recorded before the current one was generated.
    await database.db.execute(sql`update drizzle.__drizzle_migrations set created_at = 0`);
    const err = await migrate(database).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OldSchemaError);
    expect((err as Error).message).toBe(OLD_SCHEMA_MESSAGE);
    // Nothing half-applied: the tables are still there and the failed run left no second record.
    const [r] = await rows<{ n: number }>(database.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    expect(r?.n).toBe(1);
  });
});
