import { describe, expect, it } from 'vitest';
import { dayLabel, distanceText, weekOf } from './api';

describe('schedule page helpers', () => {
  it('answers the Monday-to-Sunday week of a day', () => {
    expect(weekOf('2030-03-06')).toEqual(['2030-03-04', '2030-03-05', '2030-03-06', '2030-03-07', '2030-03-08', '2030-03-09', '2030-03-10']);
    expect(weekOf('2030-03-10')[0]).toBe('2030-03-04');
    expect(weekOf('2030-03-11')[0]).toBe('2030-03-11');
  });

  it('labels days and distances in Chinese', () => {
    expect(dayLabel('2030-03-10')).toBe('03/10 周日');
    expect(distanceText(null)).toBe('位置未知');
    expect(distanceText(653)).toBe('653 米');
    expect(distanceText(2840)).toBe('2.8 公里');
  });
});
