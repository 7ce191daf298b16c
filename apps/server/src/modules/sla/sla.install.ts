import { addSweep, registerJobHandler } from '../../platform/jobs';
import { registerStateHook } from '../../platform/state';
import { afterOrderCreated, runSingleOn } from '../../platform/signals';
import { slaEnabled, slaOnSql } from './sla.enabled';
import { sweepAddedClocks } from './clock.sweep';
import { sweepEventSla } from './event.sweep';
import { syncClocks } from './sla.clocks';
import { orderRecordOf } from './sla.repo';
import { sweepSla } from './sla.sweep';

export const SLA_SWEEP_JOB = 'sla.sweep';

/** Clocks follow every order (created, then each action), and the sweep (orders, events, then the subjects other modules add) runs every 30 s (by name: wiring again replaces them). */
export function installSlaClocks(): void {
  afterOrderCreated(
    async (o) => {
      const order = await orderRecordOf(o.tx, o.enterpriseId, o.orderId);
      if (order) await syncClocks(o.tx, o.enterpriseId, { action: 'create', from: null, to: o.state, order });
    },
    async (b, single) => {
      // SLA off (the default): no clock starts.
      if (await slaEnabled(b.tx, b.enterpriseId))
        await runSingleOn(
          b,
          single,
          b.orders.map((o) => o.orderId),
        );
    },
    () => slaOnSql('n.enterprise_id'),
    'sla.clocks',
  );
  registerStateHook(
    'order',
    '*',
    {
      // SLA off (the default): no clock moves.
      probe: () => slaOnSql('u.enterprise_id'),
      after: async (h) => {
        await syncClocks(h.tx, h.enterpriseId, { action: h.action, from: h.from, to: h.to, order: h.row });
        return undefined;
      },
    },
    'sla.clocks',
  );
  registerJobHandler(SLA_SWEEP_JOB, async (_job, deps) => {
    await sweepSla(deps.db);
    await sweepEventSla(deps.db);
    await sweepAddedClocks(deps.db);
  });
  addSweep({ name: SLA_SWEEP_JOB, everySeconds: 30, kind: SLA_SWEEP_JOB });
}
