import { describe, expect, it } from 'vitest';
import { areaPath, distanceText } from './api';

describe('pool helpers', () => {
  it('turns an area code into the cascader path of its levels', () => {
    expect(areaPath('310115')).toEqual(['31', '3101', '310115']);
    expect(areaPath('3101')).toEqual(['31', '3101']);
    expect(areaPath('31')).toEqual(['31']);
    expect(areaPath(null)).toEqual([]);
  });

  it('shows metres under a kilometre and kilometres with one decimal above', () => {
    expect(distanceText(null)).toBe('—');
    expect(distanceText(850)).toBe('850米');
    expect(distanceText(2333)).toBe('2.3公里');
  });
});
