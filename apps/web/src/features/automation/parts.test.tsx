import type { RuleAction } from '@sk/shared/automation/automation.schema';
import { describe, expect, it } from 'vitest';
import { actionsText, conditionsText, emptyConditions, fromForm, toForm } from './parts';

describe('rule actions in the form', () => {
  const actions: RuleAction[] = [
    { type: 'notify', channels: ['notice', 'robot'], personTypes: [2, 3], roles: [1], userIds: [7, 8], template: '{工单编号}' },
    { type: 'copy', userIds: [9] },
    { type: 'assign', userId: 5 },
    { type: 'visit', userId: 6 },
    { type: 'tag', tagId: 3 },
    { type: 'webhook', url: 'https://example.com/h', secret: 's' },
    { type: 'pool' },
  ];
  it.each(actions.map((a) => [a.type, a] as const))('%s survives the round trip through the form', (_, a) => {
    expect(fromForm(toForm(a))).toEqual(a);
  });
  it('holds people as picker rows', () => {
    expect(toForm(actions[0] as RuleAction).people?.map((p) => p.id)).toEqual([7, 8]);
  });
  it('summarises actions and conditions', () => {
    expect(actionsText(actions.slice(0, 2))).toBe('通知、抄送');
    expect(conditionsText(emptyConditions, String)).toBe('全部工单');
    expect(conditionsText({ ...emptyConditions, priorities: [2, 3], tagIds: [4] }, (id) => `标签${id}`)).toBe('紧急程度：紧急/非常紧急；标签：标签4');
  });
});
