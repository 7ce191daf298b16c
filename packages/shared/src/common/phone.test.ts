import { describe, expect, it } from 'vitest';
import { phone } from '../customers/fields';
import { checkValue } from '../forms/value';
import { DICT_TYPES } from '../settings/dict.constants';
import { MOBILE, mobile, PHONE } from './zod';

const SAMPLES = [
  '13912345678',
  '010-12345678',
  '0571-8888888-12',
  '02150001234',
  '400-800-6688',
  '4008006688',
  '12345678',
  '1391234567',
  '+86 139',
  '电话',
  '',
];

describe('the one phone rule', () => {
  it('answers the same in the customer contract, a form field of type phone and the dictionary', () => {
    const dict = DICT_TYPES.find((t) => t.type === 124)?.value;
    for (const s of SAMPLES) {
      const expected = PHONE.test(s);
      expect(phone().safeParse(s).success, s).toBe(expected);
      expect(checkValue({ type: 23 }, s).ok, s).toBe(expected);
      if (dict && typeof dict === 'object' && 'pattern' in dict && dict.pattern) expect(dict.pattern.test(s), s).toBe(expected);
    }
  });

  it('wants the area code of a landline: 12345678 is refused everywhere', () => {
    expect(PHONE.test('12345678')).toBe(false);
    expect(checkValue({ type: 23 }, '12345678').ok).toBe(false);
    expect(phone().safeParse('12345678').success).toBe(false);
    expect(PHONE.test('010-12345678')).toBe(true);
  });

  it('keeps mobiles to 11 digits starting with 1', () => {
    expect(MOBILE.test('13912345678')).toBe(true);
    expect(mobile.safeParse('010-12345678').success).toBe(false);
    expect(mobile.safeParse('23912345678').success).toBe(false);
  });
});
