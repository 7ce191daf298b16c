import { describe, expect, it } from 'vitest';
import { imageQuality } from './image';

describe('the completion photos’ quality (app_image_compress)', () => {
  it('0.5 when the enterprise turned compression on, 1 when off or never set', () => {
    expect(imageQuality('1')).toBe(0.5);
    expect(imageQuality('0')).toBe(1);
    expect(imageQuality(undefined)).toBe(1);
  });
});
