import { describe, expect, it } from 'vitest';
import { OVERDUE_CONDITIONS, triggerOfAction } from './automation.constants';
import { conditionsMatch, type OrderFacts } from './automation.match';
import { renderTemplate } from './automation.template';

const order: OrderFacts = { templateId: 7, priority: 2, serviceGroupId: 30, tagIds: [11, 12], ext: { '5': '空调', '6': ['A', 'B'], '8': '' } };
const none = { priorities: [], tagIds: [], serviceGroupIds: [], fields: [] };

describe('conditionsMatch', () => {
  const cases: [string, Parameters<typeof conditionsMatch>[0], boolean][] = [
    ['no conditions', none, true],
    ['null conditions', null, true],
    ['priority listed', { ...none, priorities: [2, 3] }, true],
    ['priority not listed', { ...none, priorities: [1] }, false],
    ['any tag listed', { ...none, tagIds: [99, 12] }, true],
    ['no tag listed', { ...none, tagIds: [99] }, false],
    ['service group listed', { ...none, serviceGroupIds: [30] }, true],
    ['service group not listed', { ...none, serviceGroupIds: [31] }, false],
    ['field eq', { ...none, fields: [{ key: '5', op: 'eq', value: '空调' }] }, true],
    ['field eq other', { ...none, fields: [{ key: '5', op: 'eq', value: '冰箱' }] }, false],
    ['field ne', { ...none, fields: [{ key: '5', op: 'ne', value: '冰箱' }] }, true],
    ['field contains in a multi-select', { ...none, fields: [{ key: '6', op: 'contains', value: 'B' }] }, true],
    ['field contains missing', { ...none, fields: [{ key: '6', op: 'contains', value: 'C' }] }, false],
    ['field empty (blank)', { ...none, fields: [{ key: '8', op: 'empty', value: '' }] }, true],
    ['field empty (absent)', { ...none, fields: [{ key: '99', op: 'empty', value: '' }] }, true],
    ['field notEmpty on blank', { ...none, fields: [{ key: '8', op: 'notEmpty', value: '' }] }, false],
    ['all must hold', { ...none, priorities: [2], tagIds: [11], fields: [{ key: '5', op: 'eq', value: '冰箱' }] }, false],
    ['all hold', { ...none, priorities: [2], tagIds: [11], serviceGroupIds: [30], fields: [{ key: '5', op: 'eq', value: '空调' }] }, true],
  ];
  it.each(cases)('%s', (_, c, want) => {
    expect(conditionsMatch(c, order)).toBe(want);
  });
  it('an order without a service group fails a service-group condition', () => {
    expect(conditionsMatch({ ...none, serviceGroupIds: [30] }, { ...order, serviceGroupId: null })).toBe(false);
  });
});

describe('triggerOfAction', () => {
  const cases: [string, number, number, number | null][] = [
    ['dispatch', 1, 2, 1],
    ['accept', 2, 3, 2],
    ['grab', 1, 3, 2],
    ['serviceComplete', 4, 5, 3],
    ['approve', 7, 5, 3],
    ['applyEndService', 4, 7, 5],
    ['receipt', 5, 5, 6],
    ['collect', 5, 5, 7],
    ['startService', 3, 4, null],
    ['edit', 5, 5, null],
    ['cancel', 2, 6, null],
  ];
  it.each(cases)('%s %i→%i', (action, from, to, want) => {
    expect(triggerOfAction(action, from, to)).toBe(want);
  });
});

describe('overdue conditions', () => {
  const row = (state: number, extra: Record<string, unknown> = {}) => ({ state, invalid: false, deleted_at: null, ...extra });
  const cases: [number, Record<string, unknown>, boolean][] = [
    [0, row(0), true],
    [0, row(1), false],
    [1, row(1), true],
    [1, row(2), false],
    [2, row(2), true],
    [2, row(3), false],
    [3, row(3, { appointment_at: null }), true],
    [3, row(3, { appointment_at: '2024-01-01' }), false],
    [4, row(3), true],
    [4, row(4), false],
    [5, row(4), true],
    [5, row(5), false],
    [5, row(2, { invalid: true }), false],
    [5, row(2, { deleted_at: '2024-01-01' }), false],
    [6, row(7, { examine_type: 2, examine_result: 0 }), true],
    [6, row(5, { examine_type: 2, examine_result: 1 }), false],
    [7, row(5, { receipted_at: null }), true],
    [7, row(5, { receipted_at: '2024-01-01' }), false],
    [8, row(5, { paid_at: null }), true],
    [8, row(6, { paid_at: null }), false],
    [9, row(5, { evaluated_at: null }), true],
    [9, row(5, { evaluated_at: '2024-01-01' }), false],
  ];
  it.each(cases)('condition %i', (c, r, want) => {
    expect(OVERDUE_CONDITIONS[c]?.still(r)).toBe(want);
  });
});

describe('renderTemplate', () => {
  it('fills known variables, leaves unknown ones, blanks missing values', () => {
    expect(renderTemplate('{工单编号}/{标题}/{客户}/{未知}/{SLA预警}', { orderNo: 'GD1', title: '修空调', customer: '张三' })).toBe('GD1/修空调/张三/{未知}/');
  });
});
