import {
  type ApprovalKind,
  type OrderApprover,
  type OrderHookPoint,
  type OrderProcess,
  type OrderStage,
  STAGE_SWITCH,
  type StageActors,
  type StepRequirement,
} from '@sk/shared';

/** The approval switch of each approval kind, and the stage it needs on. */
export const APPROVAL_SWITCH: Record<ApprovalKind, keyof OrderProcess> = {
  create: 'createApproval',
  complete: 'completeApproval',
  receipt: 'receiptApproval',
  collection: 'collectionApproval',
};
const APPROVAL_NEEDS: Partial<Record<ApprovalKind, OrderStage>> = { receipt: 'receipt', collection: 'payment' };

export const stageOn = (p: OrderProcess, s: OrderStage): boolean => p[STAGE_SWITCH[s]] === true;

/** Switching a stage off also switches off the approval that lives in it (the server refuses that pair). */
export function setStage(p: OrderProcess, s: OrderStage, on: boolean): OrderProcess {
  const next = { ...p, [STAGE_SWITCH[s]]: on };
  for (const [kind, stage] of Object.entries(APPROVAL_NEEDS)) if (stage === s && !on) Object.assign(next, { [APPROVAL_SWITCH[kind as ApprovalKind]]: false });
  return next;
}

export const approvalOn = (p: OrderProcess, k: ApprovalKind): boolean => p[APPROVAL_SWITCH[k]] === true;
/** An approval may be switched on only while its stage is. */
export const approvalAllowed = (p: OrderProcess, k: ApprovalKind): boolean => {
  const stage = APPROVAL_NEEDS[k];
  return !stage || stageOn(p, stage);
};
export const setApproval = (p: OrderProcess, k: ApprovalKind, on: boolean): OrderProcess => ({ ...p, [APPROVAL_SWITCH[k]]: on });

/** null: the default approvers (administrators and dispatchers). */
export function setApprover(p: OrderProcess, k: ApprovalKind, who: OrderApprover | null): OrderProcess {
  const approvers = { ...p.approvers };
  if (who) approvers[k] = who;
  else delete approvers[k];
  return { ...p, approvers };
}

export function setActors(p: OrderProcess, s: OrderStage, a: StageActors): OrderProcess {
  const actors = { ...p.actors };
  if (a.personTypes.length || a.roles.length) actors[s] = a;
  else delete actors[s];
  return { ...p, actors };
}

export const NO_REQUIREMENT: StepRequirement = { fields: [], signature: false, photos: false };
export function setRequirement(p: OrderProcess, h: OrderHookPoint, r: StepRequirement): OrderProcess {
  const requirements = { ...p.requirements };
  if (r.fields.length || r.signature || r.photos || r.faultMode) requirements[h] = r;
  else delete requirements[h];
  return { ...p, requirements };
}
