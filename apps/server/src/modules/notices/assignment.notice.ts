// An engineer learns in-app that an order became his: when an order's service person changes to someone other than
// the person who made the change (派单, 转派, a rule's assignment; not a grab, which he did himself), and when an
// order is created already assigned. Told after commit (platform/after-commit.ts): never for a change rolled back.
import type { Executor } from '../../db/client';
import { afterCommit } from '../../db/after-commit';
import { registerStateHook } from '../../platform/state';
import { afterOrderCreated, runSingleOn } from '../../platform/signals';
import { type AssignedOrder, assignedOrder, assignedToOthers } from './assignment.repo';
import { addNotices } from './notices.repo';

async function tellEngineer(ex: Executor, enterpriseId: number, row: AssignedOrder, actorId: number | null): Promise<void> {
  const to = row.service_user_id;
  if (!to || to === actorId) return;
  await addNotices(ex, {
    enterpriseId,
    userIds: [to],
    kind: 'order_assigned',
    title: `工单${row.order_no}已指派给您`,
    content: row.title ?? '',
    link: `/allOrder/orderDetail/${row.id}`,
    dedupeKey: `order_assigned:${row.id}:${to}:${row.version ?? ''}`,
  });
}

/** Plugs this file's subscribers in (called by the module's wiring, in its declared order). */
export function wireAssignmentNotice(): void {
  afterOrderCreated(
    // After commit (platform/after-commit.ts): the order as committed, whoever assigned it in the creating transaction.
    async (o) =>
      afterCommit(o.tx, async (db) => {
        const row = await assignedOrder(db, o.enterpriseId, o.orderId);
        if (row) await tellEngineer(db, o.enterpriseId, row, o.actorId ?? null);
      }),
    async (b, single) => {
      const assigned = await assignedToOthers(
        b.tx,
        b.enterpriseId,
        b.orders.map((o) => o.orderId),
        b.actorId,
      );
      await runSingleOn(b, single, assigned);
    },
    undefined,
    'notices.assignment',
  );

  registerStateHook(
    'order',
    '*',
    {
      after: async (h) => {
        if (h.row.service_user_id != null && String(h.row.service_user_id) !== String(h.current.service_user_id ?? '')) {
          const { enterpriseId, row, actorId } = h;
          afterCommit(h.tx, (db) => tellEngineer(db, enterpriseId, row as unknown as AssignedOrder, actorId));
        }
        return undefined;
      },
    },
    'notices.assignment',
  );
}
