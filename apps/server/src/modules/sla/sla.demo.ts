import { slaPolicyInput } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client';
import { type DemoStep, DEMO_ENTERPRISES } from '../../platform/demo/data';
import { upsertSetting } from '../settings/index';
import { SLA_SETTING } from './sla.enabled';
import { createPolicy } from './sla.policies';

/**
 * The demo enterprise runs with 启用SLA时效管理 on and one policy for its normal and urgent orders (docs/decisions.md,
 * "Demo"), set before the month's orders are made, so their clocks ran as they moved: met, breached, at risk, running.
 * Very urgent orders are left to a policy the user makes (as the SLA walkthrough does).
 */
export const DEMO_SLA_NAME = '标准服务时效';

async function seedDemoSla(tx: Tx, enterpriseId: number): Promise<void> {
  const [e] = await rows<{ name: string }>(tx, sql`select name from enterprises where id = ${enterpriseId}`);
  if (e?.name !== DEMO_ENTERPRISES[0]?.name) return;
  const [admin] = await rows<{ id: number }>(tx, sql`select id::int from users where enterprise_id = ${enterpriseId} and admin order by id limit 1`);
  // The seed runs before the app is built: the clocks' hooks are installed here for the orders the next steps make.
  if (!admin) throw new Error('the demo enterprise has no administrator');
  await upsertSetting(tx, enterpriseId, SLA_SETTING, '1', admin.id);
  await createPolicy(
    tx,
    enterpriseId,
    slaPolicyInput.parse({
      name: DEMO_SLA_NAME,
      priorities: [1, 2],
      clocks: [
        { type: 2, target: 2, unit: 2, warnMinutes: 30 },
        { type: 5, target: 1, unit: 3, warnMinutes: 240 },
        { type: 6, target: 2, unit: 3, warnMinutes: 480 },
      ],
    }),
  );
}

export const slaDemoStep: DemoStep = { name: 'sla.demo', after: ['org.demo'], run: seedDemoSla };
