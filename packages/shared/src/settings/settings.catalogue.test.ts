import { describe, expect, it } from 'vitest';
import { DICT_TYPES } from './dict.constants';
import { normaliseSetting, SETTINGS, settingDef } from './settings.catalogue';

describe('settings catalogue', () => {
  it('has unique codes and defaults its own rules accept unchanged', () => {
    expect(new Set(SETTINGS.map((s) => s.code)).size).toBe(SETTINGS.length);
    for (const s of SETTINGS) expect(normaliseSetting(s, s.default)).toEqual({ value: s.default });
  });

  it('normalises switches and numbers, and explains refusals', () => {
    const sw = settingDef('sla_enabled')!;
    expect(normaliseSetting(sw, true)).toEqual({ value: '1' });
    expect(normaliseSetting(sw, 'FALSE')).toEqual({ value: '0' });
    expect(normaliseSetting(sw, 2)).toEqual({ error: '只能是开启(1)或关闭(0)' });
    const days = settingDef('order_auto_archive_days')!;
    expect(normaliseSetting(days, ' 007 ')).toEqual({ value: '7' });
    expect(normaliseSetting(days, -1)).toEqual({ error: '不能小于0' });
    expect(normaliseSetting(days, 1.5)).toEqual({ error: '请输入整数' });
    expect(normaliseSetting(days, {})).toEqual({ error: '请填写设置值' });
  });
});

describe('dictionary catalogue', () => {
  it('seeds values that satisfy each type’s value rule, with unique names', () => {
    for (const t of DICT_TYPES) {
      const items = t.defaults.map((d) => (typeof d === 'string' ? { name: d, value: '' } : { name: d[0], value: d[1] }));
      expect(items.length).toBeGreaterThan(0);
      expect(new Set(items.map((i) => i.name)).size).toBe(items.length);
      for (const i of items) {
        if (t.value?.required) expect(i.value).not.toBe('');
        if (t.value?.pattern && i.value) expect(t.value.pattern.test(i.value)).toBe(true);
      }
    }
  });
});
