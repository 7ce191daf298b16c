import type { HandoverResult } from '@sk/shared';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../platform/errors';
import { registrationSite } from '../../platform/registry';
import * as groups from './group.repo';
import { existsInEnterprise, userState } from './user.repo';

/**
 * One kind of open record a leaving user hands over (orders, events, customers …). Areas register theirs
 * at module top level; `run` moves the records from `fromId` to `toId` inside the handover's transaction
 * and answers how many it moved. Throwing undoes the whole handover.
 */
export interface HandoverStep {
  name: string;
  /** Chinese name of the records, shown in the answer ('服务团队负责人'). */
  label: string;
  run(tx: Tx, enterpriseId: number, fromId: number, toId: number): Promise<number>;
}

const steps: (HandoverStep & { site: string })[] = [];

/** Registers a step (once per name) and answers a function that removes it again. */
export function addHandoverStep(step: HandoverStep): () => void {
  if (!steps.some((s) => s.name === step.name)) steps.push({ ...step, site: registrationSite() });
  return () => {
    const i = steps.findIndex((s) => s.name === step.name);
    if (i >= 0) steps.splice(i, 1);
  };
}

/** The steps in the order they run, with where each was registered (the wiring snapshot). */
export const handoverStepEntries = (): { name: string; site: string }[] => steps.map((s) => ({ name: s.name, site: s.site }));

/** Moves every registered kind of open record from one user to another, all or nothing. */
export function handover(db: Db, enterpriseId: number, fromId: number, toId: number): Promise<HandoverResult> {
  return db.transaction(async (tx) => {
    // The leaving user may already be disabled or deleted; the receiver must be able to work.
    const from = await existsInEnterprise(tx, enterpriseId, fromId);
    const to = await userState(tx, enterpriseId, toId);
    if (!from || !to) throw new AppError('NOT_FOUND');
    if (!to.enabled || to.deletedAt) throw new AppError('HANDOVER_TARGET');
    const result: HandoverResult = { steps: [], total: 0 };
    for (const step of steps) {
      const moved = await step.run(tx, enterpriseId, fromId, toId);
      result.steps.push({ name: step.name, label: step.label, moved });
      result.total += moved;
    }
    return result;
  });
}

/** Plugs this file's subscribers in (called by the module's wiring, in its declared order). */
export function wireHandover(): void {
  addHandoverStep({
    name: 'serviceGroupLeader',
    label: '服务团队负责人',
    run: (tx, enterpriseId, fromId, toId) => groups.moveLeadership(tx, enterpriseId, fromId, toId),
  });

  addHandoverStep({
    name: 'serviceGroupMember',
    label: '服务团队成员',
    run: (tx, enterpriseId, fromId, toId) => groups.moveMemberships(tx, enterpriseId, fromId, toId),
  });
}
