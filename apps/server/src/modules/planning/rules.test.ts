import type { PlanningWeights } from '@sk/shared';
import { describe, expect, it } from 'vitest';
import type { EngineerFacts, OrderFacts } from './planning.types';
import { hardRule, judge, type Placement } from './rules';

const order = (o: Partial<OrderFacts> = {}): OrderFacts => ({
  id: 1,
  orderNo: 'GD1',
  title: '空调不制冷',
  address: null,
  latitude: 31.23,
  longitude: 121.47,
  state: 1,
  priority: 3,
  version: 0,
  groupId: null,
  areaCodes: ['31', '3101', '310115'],
  skills: [],
  category: '空调',
  dueMs: null,
  serviceUserId: null,
  phone: null,
  ...o,
});
const engineer = (e: Partial<EngineerFacts> = {}): EngineerFacts => ({
  id: 7,
  name: '周工',
  providerId: null,
  providerName: null,
  providerEnabled: true,
  providerRegions: [],
  providerLines: [],
  groups: [],
  areaCodes: [],
  base: { lat: 31.2, lng: 121.4 },
  radiusM: null,
  skills: [],
  dailyCap: 0,
  position: null,
  status: null,
  ...e,
});
const W: PlanningWeights = { travel: 10, load: 8, sla: 20, skill: 10, ownFirst: true };
const at = (p: Partial<Placement> = {}): Placement => ({
  travelMinutes: 20,
  travelKm: 8,
  from: '基地',
  dayVisits: 2,
  lateMinutes: null,
  leftMinutes: null,
  fits: true,
  ...p,
});

describe('hard rules', () => {
  it('exclude an engineer on leave (人员状态 休假 or 请假) before any other rule; other statuses do not', () => {
    expect(hardRule(engineer({ status: '休假' }), order())).toBe('休假中（人员状态）');
    expect(hardRule(engineer({ status: '请假', areaCodes: ['32'] }), order())).toBe('请假中（人员状态）');
    for (const status of ['空闲', '忙碌', '外出服务']) expect(hardRule(engineer({ status }), order()), status).toBeNull();
  });

  it('exclude by team, skills, area, radius, provider and position, each with its reason', () => {
    expect(hardRule(engineer(), order())).toBeNull();
    expect(hardRule(engineer(), order({ groupId: 5 }))).toBe('不是工单所属服务团队的成员');
    expect(hardRule(engineer({ groups: [5] }), order({ groupId: 5 }))).toBeNull();
    expect(hardRule(engineer({ skills: ['冰箱'] }), order({ skills: ['空调', '冰箱'] }))).toBe('缺少所需技能：空调');
    expect(hardRule(engineer({ areaCodes: ['32'] }), order())).toBe('不在服务区域');
    expect(hardRule(engineer({ areaCodes: ['3101'] }), order())).toBeNull();
    expect(hardRule(engineer({ base: { lat: 31.23, lng: 121.5 }, radiusM: 1000 }), order())).toBe('不在服务区域');
    expect(hardRule(engineer({ base: { lat: 31.23, lng: 121.5 }, radiusM: 5000 }), order())).toBeNull();
    expect(hardRule(engineer({ providerId: 2, providerEnabled: false }), order())).toBe('所属服务商已停用');
    expect(hardRule(engineer({ providerId: 2, providerRegions: ['44'] }), order())).toBe('不在服务商的服务区域');
    expect(hardRule(engineer({ providerId: 2, providerLines: ['冰箱'] }), order())).toBe('服务商的产品线不含该产品');
    expect(hardRule(engineer({ base: null, position: null }), order())).toBe('没有位置（未设置基地，也未共享位置）');
  });
});

describe('the score and its weights', () => {
  it('travel, load and lateness cost their weights; a weight of 0 makes its cost nothing', () => {
    const base = judge(engineer(), order(), at(), W).score;
    expect(judge(engineer(), order(), at({ travelMinutes: 40 }), W).score).toBe(base - 20);
    expect(judge(engineer(), order(), at({ travelMinutes: 40 }), { ...W, travel: 0 }).score).toBe(judge(engineer(), order(), at(), { ...W, travel: 0 }).score);
    expect(judge(engineer(), order(), at({ dayVisits: 3 }), W).score).toBe(base - 8);
    expect(judge(engineer(), order(), at({ dayVisits: 3 }), { ...W, load: 0 }).score).toBe(judge(engineer(), order(), at(), { ...W, load: 0 }).score);
    const late = judge(engineer(), order(), at({ lateMinutes: 45 }), W);
    expect(late.score).toBe(base - 40);
    expect(late.reasons).toContainEqual({ text: '将超出SLA时限 45 分钟', good: false });
    expect(judge(engineer(), order(), at({ lateMinutes: 600 }), W).score).toBe(base - 60);
    expect(judge(engineer(), order(), at({ lateMinutes: 45 }), { ...W, sla: 0 }).score).toBe(judge(engineer(), order(), at(), { ...W, sla: 0 }).score);
  });

  it('skills naming the product add their weight; a provider’s engineer comes after own staff only when the setting says so', () => {
    const plain = judge(engineer(), order(), at({ travelMinutes: 60, dayVisits: 4 }), W);
    const skilled = judge(engineer({ skills: ['空调'] }), order(), at({ travelMinutes: 60, dayVisits: 4 }), W);
    expect(skilled.score - plain.score).toBe(10);
    expect(skilled.reasons).toContainEqual({ text: '技能匹配：空调', good: true });
    expect(judge(engineer({ skills: ['空调'] }), order(), at({ travelMinutes: 60, dayVisits: 4 }), { ...W, skill: 0 }).score).toBe(plain.score);
    const provider = engineer({ providerId: 2, providerName: '华东服务' });
    expect(judge(provider, order(), at(), W).score).toBe(judge(engineer(), order(), at(), W).score - 20);
    expect(judge(provider, order(), at(), { ...W, ownFirst: false }).score).toBe(judge(engineer(), order(), at(), { ...W, ownFirst: false }).score);
  });

  it('no room in his day scores 0 and says so', () => {
    const j = judge(engineer(), order(), at({ fits: false }), W);
    expect(j.score).toBe(0);
    expect(j.reasons.at(-1)).toEqual({ text: '当天工作时间内排不下', good: false });
  });
});
