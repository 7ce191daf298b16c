import { orderActionsContract as A } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from './client';
import { orderIn, type Team, withTeamApp } from '../modules/orders/actions.fixtures';
import type { TestApp } from '../test/harness';
import { afterCommit, afterCommitSettled } from './after-commit';
import { AppError } from '../platform/errors';
import { registerStateHook } from '../platform/state';

// Work after commit (platform/after-commit.ts): runs once the outermost transaction commits, never after a rollback.

let t: TestApp;
let tm: Team;
withTeamApp((app, made) => ([t, tm] = [app, made]));

const assignedNotices = async (userId: number, orderId: number) =>
  (
    await rows<{ n: number }>(
      t.deps.db,
      sql`select count(*)::int as n from notices where enterprise_id = ${tm.ep} and user_id = ${userId} and kind = 'order_assigned'
        and link = ${`/allOrder/orderDetail/${orderId}`}`,
    )
  )[0]?.n;

describe('after commit', () => {
  it('runs what a committed transaction queued, in order, after the transaction returned; a rollback drops it', async () => {
    const ran: string[] = [];
    const task = (name: string) => async () => void ran.push(name);
    await t.deps.db.transaction(async (tx) => {
      afterCommit(tx, task('a'));
      // A savepoint that commits keeps its work; one rolled back drops only its own.
      await tx.transaction(async (sp) => afterCommit(sp, task('b')));
      await tx
        .transaction(async (sp) => {
          afterCommit(sp, task('dropped with its savepoint'));
          throw new AppError('NOT_FOUND');
        })
        .catch(() => undefined);
      afterCommit(tx, task('c'));
      // Nothing runs before the commit.
      expect(ran).toEqual([]);
    });
    await t.deps.db
      .transaction(async (tx) => {
        afterCommit(tx, task('dropped with its transaction'));
        throw new AppError('NOT_FOUND');
      })
      .catch(() => undefined);
    await afterCommitSettled();
    expect(ran).toEqual(['a', 'b', 'c']);
  });

  it('a task sees the committed rows (it runs on the pool, after the commit)', async () => {
    const seen: number[] = [];
    const id = await t.deps.db.transaction(async (tx) => {
      const [o] = await rows<{ id: number }>(tx, sql`update orders set title = '提交后可见' where id = ${await orderIn(t, tm, 1)} returning id`);
      afterCommit(tx, async (db) => {
        const [r] = await rows<{ id: number }>(db, sql`select id from orders where id = ${o?.id} and title = '提交后可见'`);
        if (r) seen.push(Number(r.id));
      });
      return Number(o?.id);
    });
    await afterCommitSettled();
    expect(seen).toEqual([id]);
  });

  it('a dispatch tells the engineer once it has committed; a dispatch rolled back tells nobody', async () => {
    const told = await orderIn(t, tm, 1, { title: '派单后通知' });
    const r = await tm.dispatcher.client.send(A.dispatch, { orderId: told, serviceUserId: tm.engineer.id });
    expect(r.success, r.message).toBe(true);
    await afterCommitSettled();
    expect(await assignedNotices(tm.engineer.id, told)).toBe(1);

    // A hook after the assignment's refuses: the dispatch rolls back, and with it the notice it had queued.
    const refused = await orderIn(t, tm, 1, { title: '派单失败' });
    const off = registerStateHook('order', 'dispatch', {
      after: async (h) => {
        if (h.id === refused) throw new AppError('VALIDATION', { detail: '测试：派单被拒' });
        return undefined;
      },
    });
    try {
      const r = await tm.dispatcher.client.send(A.dispatch, { orderId: refused, serviceUserId: tm.engineer.id });
      expect(r.success).toBe(false);
      expect(r.message).toContain('测试：派单被拒');
    } finally {
      off();
    }
    await afterCommitSettled();
    expect(await assignedNotices(tm.engineer.id, refused)).toBe(0);
    const [row] = await rows<{ state: number }>(t.deps.db, sql`select state from orders where id = ${refused}`);
    expect(Number(row?.state)).toBe(1);
  });
});
