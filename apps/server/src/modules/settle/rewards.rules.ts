import { PENALTY_SETTINGS, settingDef } from '@sk/shared';
import type { Executor } from '../../db/client';
import { addSweep, registerJobHandler } from '../../platform/jobs';
import { type PenaltyCause, proposeBy } from './rewards.repo';

/**
 * Rules that propose penalties (docs/settlement.md, "Rules"): a sweep every five minutes looks, in every enterprise, for
 * an SLA clock breached on a provider's order, a return visit not passed (state 2) on a provider's order, and an old
 * part of a provider's order still to return (state 1) past its due date, and proposes one penalty per cause (state 0
 * 待确认, for finance to submit or dismiss). The unique key (enterprise, cause type, cause id) makes a cause propose
 * once, ever: a second sweep, a parallel one or a retry skips it (ON CONFLICT DO NOTHING), and a dismissed proposal is
 * never proposed again. Amounts come from the settings (yuan; 0 switches a rule off).
 */
export const PENALTY_RULES_JOB = 'settle.penaltyRules';

const RULES: { causeType: PenaltyCause; setting: string }[] = [
  { causeType: 1, setting: PENALTY_SETTINGS.sla },
  { causeType: 2, setting: PENALTY_SETTINGS.visit },
  { causeType: 3, setting: PENALTY_SETTINGS.oldPart },
];

/** Every rule once; answers the proposals made by each cause type. */
export async function proposePenalties(ex: Executor): Promise<Record<number, number>> {
  const out: Record<number, number> = {};
  for (const r of RULES) out[r.causeType] = await proposeBy(ex, r.causeType, r.setting, settingDef(r.setting)?.default ?? '0');
  return out;
}

export function installRewardRules(): void {
  registerJobHandler(PENALTY_RULES_JOB, async (_job, deps) => {
    await proposePenalties(deps.db);
  });
  addSweep({ name: PENALTY_RULES_JOB, everySeconds: 300, kind: PENALTY_RULES_JOB });
}
