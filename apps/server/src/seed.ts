import { sql } from 'drizzle-orm';
import type { Db } from './db/client';
import { rows } from './db/client';
import { enterprises, users } from './db/schema/index';
import { hashPassword } from './platform/crypto';
import { runProvision } from './platform/provision';
import { afterCommitSettled } from './db/after-commit';
import { DEMO_STEPS } from './demo/steps';
import { DEMO_ENTERPRISES, type DemoContext } from './platform/demo/data';

export type { DemoContext, DemoStep } from './platform/demo/data';
export { DEMO_ENTERPRISES, DEMO_ROLE_NAMES } from './platform/demo/data';

/** Seeds the demo enterprises on an empty database; does nothing when any enterprise exists. */
export async function seedDemo(db: Db, password: string, force = false, ctx: DemoContext = {}): Promise<boolean> {
  const [r] = await rows<{ n: number }>(db, sql`select count(*)::int as n from enterprises`);
  if (!force && Number(r?.n) > 0) return false;
  const hashed = await hashPassword(password);
  for (const d of DEMO_ENTERPRISES) {
    const epId = await db.transaction(async (tx) => {
      const [ep] = await tx
        .insert(enterprises)
        .values({
          name: d.name,
          isChargeUser: d.isChargeUser,
          tryoutType: d.tryoutType,
          packageName: d.packageName,
          buyPersonNum: d.buyPersonNum,
          industry: d.industry,
          setupProgress: 0,
          epServiceExpireTime: d.days == null ? null : (sql`now() + ${`${d.days} days`}::interval` as never),
        })
        .returning({ id: enterprises.id });
      if (!ep) throw new Error('enterprise insert failed');
      await tx.insert(users).values(
        d.users.map((u) => ({
          enterpriseId: ep.id,
          mobile: u.mobile,
          name: u.name,
          roles: u.roles,
          sysrole: u.roles[0],
          admin: u.admin,
          passwordHash: hashed,
        })),
      );
      return ep.id;
    });
    await runProvision(db, epId, d.industry);
    for (const step of DEMO_STEPS) {
      await db.transaction((tx) => step.run(tx, epId, ctx));
      // The step's notices (queued after its commit) are written before the next step reads the data.
      await afterCommitSettled();
    }
  }
  return true;
}
