import { describe, expect, it } from 'vitest';
import { changedItems, fromFormValue, groupSettings, moved, type SettingInfo, toFormValue } from './values';

const setting = (code: string, type: SettingInfo['type'], value: string, group = '工单'): SettingInfo => ({
  code,
  type,
  value,
  group,
  descri: code,
  default: value,
  changed: false,
});

const list = [
  setting('order_sign_required', 'bool', '0'),
  setting('order_auto_archive_days', 'int', '30'),
  setting('return_visit_auto', 'bool', '1', '回访'),
  setting('order_no_prefix', 'text', 'GD'),
];

describe('setting values', () => {
  it('turns API strings into form values and back', () => {
    expect(toFormValue(list[0]!, '1')).toBe(true);
    expect(toFormValue(list[0]!, '0')).toBe(false);
    expect(toFormValue(list[1]!, '30')).toBe(30);
    expect(fromFormValue(list[0]!, true)).toBe('1');
    expect(fromFormValue(list[0]!, false)).toBe('0');
    expect(fromFormValue(list[1]!, 45)).toBe('45');
    expect(fromFormValue(list[3]!, '  AB ')).toBe('AB');
    expect(fromFormValue(list[3]!, undefined)).toBe('');
  });

  it('sends only what changed', () => {
    const values = { order_sign_required: true, order_auto_archive_days: 30, return_visit_auto: true, order_no_prefix: ' SV ' };
    expect(changedItems(list, values)).toEqual([
      { code: 'order_sign_required', value: '1' },
      { code: 'order_no_prefix', value: 'SV' },
    ]);
    expect(changedItems(list, { order_auto_archive_days: 30 })).toEqual([]);
  });

  it('groups in the catalogue order', () => {
    expect(groupSettings(list).map((g) => [g.name, g.items.length])).toEqual([
      ['工单', 3],
      ['回访', 1],
    ]);
  });
});

describe('moving a dictionary item', () => {
  it('swaps with the neighbour', () => {
    expect(moved([1, 2, 3], 2, -1)).toEqual([2, 1, 3]);
    expect(moved([1, 2, 3], 2, 1)).toEqual([1, 3, 2]);
  });

  it('cannot move past either end or move an unknown item', () => {
    expect(moved([1, 2, 3], 1, -1)).toBeNull();
    expect(moved([1, 2, 3], 3, 1)).toBeNull();
    expect(moved([1, 2, 3], 9, 1)).toBeNull();
  });
});
