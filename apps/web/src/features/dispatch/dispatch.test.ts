import type { CandidateRow, DispatchRuleRow } from '@sk/shared/dispatch/dispatch.contract';
import { describe, expect, it } from 'vitest';
import { candidateLabel } from './AssignDialog';
import { bodyOf, conditionText, targetText, valuesOf } from './rules/RuleTable';

const rule = (over: Partial<DispatchRuleRow>): DispatchRuleRow => ({
  id: 1,
  name: '浦东',
  kind: 2,
  templateId: null,
  templateName: null,
  areaCode: '310115',
  areaName: '上海市浦东新区',
  groupId: null,
  groupName: null,
  category: null,
  targetType: 1,
  targetUserId: 7,
  targetUserName: '李服务',
  targetGroupId: null,
  targetGroupName: null,
  targetProviderId: null,
  targetProviderName: null,
  sort: 1,
  enabled: true,
  ...over,
});

describe('dispatch desk and rules', () => {
  it('labels a candidate with their provider, open orders and today’s appointments', () => {
    const c: CandidateRow = {
      id: 1,
      name: '陈外包',
      mobile: '13600000001',
      providerName: '华东联保',
      groups: [],
      openCount: 2,
      todayCount: 1,
      today: ['09:30 上门'],
    };
    expect(candidateLabel(c)).toBe('陈外包（华东联保）　进行中 2 · 今日预约 1');
  });

  it('reads a saved rule back into the form: the area as its codes down to the saved level, the person as the picker holds it', () => {
    expect(valuesOf(rule({})).area).toEqual(['31', '3101', '310115']);
    expect(valuesOf(rule({ areaCode: '3101' })).area).toEqual(['31', '3101']);
    expect(valuesOf(rule({ areaCode: '31' })).area).toEqual(['31']);
    expect(valuesOf(rule({})).targetUser).toEqual([{ id: 7, name: '李服务' }]);
    expect(bodyOf(valuesOf(rule({ areaCode: '3101' })))).toMatchObject({ kind: 2, areaCode: '3101', targetType: 1, targetUserId: 7, targetGroupId: null });
  });

  it('describes the condition and the target in words', () => {
    expect(conditionText(rule({}))).toBe('服务区域：上海市浦东新区');
    expect(conditionText(rule({ kind: 4, category: '空调' }))).toBe('产品分类：空调');
    expect(targetText(rule({ targetType: 2, targetGroupName: '一组' }))).toBe('一组（负载最低）');
    expect(targetText(rule({ targetType: 3, targetProviderName: '华东联保' }))).toBe('服务商：华东联保');
  });
});
