import type { HeldSpare } from '@sk/shared/spares/spares.contract';
import { describe, expect, it } from 'vitest';
import { heldLabel, maxQuantity } from './components/UsePartDialog';

const seal: HeldSpare = { id: 1, code: 'MF-1', name: '密封圈', model: 'O-20', unit: '个', serialized: false, available: 4, serials: [] };
const compressor: HeldSpare = { id: 2, code: 'BJ-1001', name: '压缩机', model: '', unit: '台', serialized: true, available: 2, serials: ['SN-1', 'SN-2'] };

describe('登记备件 picker', () => {
  it('shows each held spare with what is in my stock', () => {
    expect(heldLabel(seal)).toBe('密封圈（O-20） · 库存 4 个');
    expect(heldLabel(compressor)).toBe('压缩机 · 库存 2 台');
  });

  it('allows up to what I hold, and one unit at a time of a serial-tracked spare', () => {
    expect(maxQuantity(seal)).toBe(4);
    expect(maxQuantity(compressor)).toBe(1);
    expect(maxQuantity(null)).toBeUndefined();
  });
});
