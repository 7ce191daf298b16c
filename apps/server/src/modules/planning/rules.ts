import { distanceMeters, LEAVE_STATUS_TAGS, PROVIDER_POINTS, type PlanningWeights, travelText } from '@sk/shared';
import type { EngineerFacts, OrderFacts } from './planning.types';

/**
 * The assistant's rules (docs/planning.md). Hard rules exclude an engineer, each with its reason: his leave (人员状态),
 * the same rules the pool applies to grabs (team, area, skills), and a provider's own scope. Soft rules weigh into a
 * score of 0–100.
 */

const inArea = (codes: string[], o: OrderFacts): boolean => codes.some((c) => o.areaCodes.includes(c));

/** Null when the engineer may take the order, else why not. */
export function hardRule(e: EngineerFacts, o: OrderFacts): string | null {
  // His own word that he is away (人员状态 休假/请假): the product keeps no leave days, so it holds until he sets it back.
  if (e.status != null && LEAVE_STATUS_TAGS.includes(e.status)) return `${e.status}中（人员状态）`;
  if (o.groupId != null && !e.groups.includes(o.groupId)) return '不是工单所属服务团队的成员';
  const missing = o.skills.filter((s) => !e.skills.includes(s));
  if (missing.length) return `缺少所需技能：${missing.join('、')}`;
  const area = e.areaCodes.length > 0 || (e.base != null && !!e.radiusM);
  if (area) {
    const byCode = e.areaCodes.length > 0 && inArea(e.areaCodes, o);
    const byRadius =
      e.base != null &&
      !!e.radiusM &&
      o.latitude != null &&
      o.longitude != null &&
      distanceMeters(e.base.lat, e.base.lng, o.latitude, o.longitude) <= e.radiusM;
    if (!byCode && !byRadius) return '不在服务区域';
  }
  if (e.providerId != null) {
    if (!e.providerEnabled) return '所属服务商已停用';
    if (e.providerRegions.length && !inArea(e.providerRegions, o)) return '不在服务商的服务区域';
    if (e.providerLines.length && o.category && !e.providerLines.includes(o.category)) return '服务商的产品线不含该产品';
  }
  if (!e.base && !e.position) return '没有位置（未设置基地，也未共享位置）';
  return null;
}

/** The engineer's skills that name the order's category or required skills. */
export const skillMatch = (e: EngineerFacts, o: OrderFacts): string[] =>
  e.skills.filter((s) => s === o.category || o.skills.includes(s) || (!!o.category && o.category.includes(s)));

export interface Judged {
  score: number;
  reasons: Array<{ text: string; good: boolean }>;
}

/** The facts of one placement the score weighs. */
export interface Placement {
  travelMinutes: number;
  travelKm: number;
  from: string;
  dayVisits: number;
  /** Minutes the visit would end past the order's SLA due (≤ 0: in time); null without a due. */
  lateMinutes: number | null;
  /** Minutes left before the due from the visit's start; null without a due. */
  leftMinutes: number | null;
  /** A slot was found in his day. */
  fits: boolean;
}

const duration = (m: number): string => (m >= 60 ? `${Math.floor(m / 60)} 小时 ${Math.round(m % 60)} 分` : `${Math.round(m)} 分钟`);

/** 100 less the weighed costs, with the reasons behind them. */
export function judge(e: EngineerFacts, o: OrderFacts, p: Placement, w: PlanningWeights): Judged {
  const reasons: Judged['reasons'] = [];
  let points = 0;
  const skills = skillMatch(e, o);
  if (skills.length) {
    reasons.push({ text: `技能匹配：${skills.join('、')}`, good: true });
    points -= w.skill;
  }
  if (e.areaCodes.length || e.radiusM) reasons.push({ text: '在服务区域内', good: true });
  points += (p.travelMinutes / 10) * w.travel;
  reasons.push({ text: `从${p.from}出发 ${travelText(p.travelKm, p.travelMinutes)}`, good: p.travelMinutes <= 20 });
  points += p.dayVisits * w.load;
  reasons.push({ text: p.dayVisits ? `当天已约 ${p.dayVisits} 单` : '当天还没有预约', good: p.dayVisits <= 2 });
  if (p.lateMinutes != null && p.lateMinutes > 0) {
    // Once for the miss and again per 30 minutes late, at most three times: past that every candidate is as late.
    points += w.sla * Math.min(3, 1 + Math.floor(p.lateMinutes / 30));
    reasons.push({ text: `将超出SLA时限 ${duration(p.lateMinutes)}`, good: false });
  } else if (p.leftMinutes != null) reasons.push({ text: `SLA剩余 ${duration(Math.max(0, p.leftMinutes))}`, good: true });
  if (e.providerId != null && w.ownFirst) {
    points += PROVIDER_POINTS;
    reasons.push({ text: `服务商人员（${e.providerName ?? ''}），优先本企业人员`, good: false });
  }
  if (!p.fits) reasons.push({ text: '当天工作时间内排不下', good: false });
  const score = p.fits ? Math.max(0, Math.min(100, Math.round(100 - points))) : 0;
  return { score, reasons };
}
