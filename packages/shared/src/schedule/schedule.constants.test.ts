import { describe, expect, it } from 'vitest';
import { loadLevelOf, minuteOf, minuteText, navUrl } from './schedule.constants';

describe('schedule helpers', () => {
  it('grades the load by booked minutes against working minutes', () => {
    expect([0, 269, 270, 459, 460, 540, 541].map((m) => loadLevelOf(m, 540))).toEqual(['under', 'under', 'optimal', 'optimal', 'full', 'full', 'overbooked']);
    expect(loadLevelOf(0, 0)).toBe('under');
    expect(loadLevelOf(60, 0)).toBe('overbooked');
  });

  it('turns minutes into HH:mm and back', () => {
    expect(minuteText(8 * 60 + 5)).toBe('08:05');
    expect(minuteOf('13:30')).toBe(810);
  });

  it('links a stop to AutoNavi navigation with the name encoded', () => {
    expect(navUrl(30.01, 120, '建国路 8 号')).toBe(
      'https://uri.amap.com/navigation?to=120,30.01,%E5%BB%BA%E5%9B%BD%E8%B7%AF%208%20%E5%8F%B7&mode=car&coordinate=gaode&callnative=1',
    );
  });
});
