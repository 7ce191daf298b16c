import type { Industry } from '@sk/shared';
import type { Tx } from '../db/client';
import { registrationSite } from './registry';

/**
 * Steps that fill a new enterprise with its defaults (departments, tags, dictionaries,
 * settings, the industry's demo template). Modules add theirs; each must be idempotent,
 * because an interrupted registration is resumed at the next start.
 */
export interface ProvisionStep {
  name: string;
  run(tx: Tx, enterpriseId: number, industry: Industry): Promise<void>;
}

export const provisionSteps: ProvisionStep[] = [];
const sites = new Map<string, string>();
export const addProvisionStep = (step: ProvisionStep): void => {
  if (provisionSteps.some((s) => s.name === step.name)) return;
  provisionSteps.push(step);
  sites.set(step.name, registrationSite());
};
/** The steps in the order they run, with where each was added (the wiring snapshot). */
export const provisionStepEntries = (): { name: string; site: string }[] => provisionSteps.map((s) => ({ name: s.name, site: sites.get(s.name) ?? '?' }));

import { eq, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { enterprises } from '../db/schema/index';

/** Runs every step in its own transaction and records progress (GET /stand/enterprise/progress). */
export async function runProvision(db: Db, enterpriseId: number, industry: Industry): Promise<void> {
  const steps = provisionSteps;
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i] as ProvisionStep;
    await db.transaction(async (tx) => {
      await step.run(tx, enterpriseId, industry);
      await tx
        .update(enterprises)
        .set({ setupProgress: Math.min(99, Math.round(((i + 1) / steps.length) * 100)) })
        .where(eq(enterprises.id, enterpriseId));
    });
  }
  await db.update(enterprises).set({ setupProgress: 100 }).where(eq(enterprises.id, enterpriseId));
}

/** Finishes registrations a stopped server left half-provisioned. */
export async function resumeProvisioning(db: Db): Promise<void> {
  const pending = await db.select({ id: enterprises.id, industry: enterprises.industry }).from(enterprises).where(lt(enterprises.setupProgress, 100));
  for (const e of pending) await runProvision(db, e.id, (e.industry ?? 'service') as Industry);
}
