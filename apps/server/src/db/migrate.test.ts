// migrate() on a database an older pre-release build made: a clear Chinese message instead of a driver error.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/harness';
import { type Database, openPostgres, rows } from './client';
import { migrate, OLD_SCHEMA_MESSAGE, OldSchemaError } from '../migrate';

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

  it('lets instances that start together take turns: four at once all come up', async () => {
    // Each has a pool of its own, as separate processes would.
    const others = await Promise.all([1, 2, 3, 4].map(() => openPostgres(database.url, 2)));
    try {
      const results = await Promise.allSettled(others.map((d) => migrate(d)));
      expect(results.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason))).toEqual([]);
    } finally {
      await Promise.all(others.map((d) => d.close()));
    }
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
