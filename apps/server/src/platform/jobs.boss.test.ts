import PgBoss from 'pg-boss';
import { describe, expect, it } from 'vitest';
import { BOSS_SCHEMA, workerDb } from './jobs.boss';

/** A database that is gone: every statement fails as pg does when the postmaster was killed. */
const gone: PgBoss.Db = {
  executeSql: async () => {
    throw new Error('terminating connection due to unexpected postmaster exit');
  },
};

/** The statements a boss sends for a call, over a database that records them. */
async function sent(call: (boss: PgBoss) => Promise<unknown>): Promise<string[]> {
  const texts: string[] = [];
  const boss = new PgBoss({
    schema: BOSS_SCHEMA,
    supervise: false,
    schedule: false,
    migrate: false,
    db: {
      executeSql: async (text) => {
        texts.push(text);
        return { rows: [{ count: '1' }] };
      },
    },
  });
  await call(boss);
  return texts;
}

describe("the worker's database for pg-boss", () => {
  const id = '00000000-0000-4000-8000-000000000001';

  it("answers pg-boss's own complete and fail with nothing done when PostgreSQL is gone, and reports the loss", async () => {
    const lost: unknown[] = [];
    const db = workerDb(gone, (err) => lost.push(err));
    for (const text of [...(await sent((b) => b.complete('q', id))), ...(await sent((b) => b.fail('q', id, { message: 'x' })))]) {
      await expect(db.executeSql(text, ['q', [id], null])).resolves.toEqual({ rows: [{ count: '0' }] });
    }
    expect(lost).toHaveLength(2);
  });

  it('fails every other statement as before (a fetch, a send)', async () => {
    const lost: unknown[] = [];
    const db = workerDb(gone, (err) => lost.push(err));
    const others = [...(await sent((b) => b.fetch('q'))), ...(await sent((b) => b.send('q', {})))];
    expect(others.length).toBeGreaterThan(0);
    for (const text of others) await expect(db.executeSql(text, [])).rejects.toThrow(/postmaster/);
    expect(lost).toHaveLength(0);
  });
});
