import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, stubApi } from '../../../components/testing';
import SpareExamine from './SpareExamine';

const doc = (kind: number, items: unknown[]) => ({
  id: 9,
  docNo: 'PD20261123-0001',
  kind,
  state: 1,
  fromWarehouseId: 3,
  fromWarehouseName: '总部中心仓',
  toWarehouseId: null,
  toWarehouseName: null,
  transferType: null,
  orderId: null,
  applicantId: 1,
  applicantName: '郑仓管',
  approverName: null,
  approve_time: null,
  logistics: null,
  trackingNo: null,
  remark: '',
  summary: '',
  create_time: '2026-11-23 09:00:00',
  items,
  abilities: ['approve', 'reject'],
  logs: [],
});
const line = { line: 1, spareId: 5, spareCode: 'BJ-1001', spareName: '压缩机', unit: '个' };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SpareExamine', () => {
  it('tells the approver what the warehouse can honour: available beside on hand, and short when others reserved it', { timeout: 30_000 }, async () => {
    stubApi({
      '/spare/doc/detail': doc(7, [
        { ...line, quantity: 3, stock: 10, reserved: 2, available: 8, serialized: false, serials: [] },
        { ...line, line: 2, spareId: 6, spareName: '温控器', quantity: 4, stock: 5, reserved: 3, available: 2, serialized: false, serials: [] },
      ]),
    });
    renderWithApp(<SpareExamine />, '/spareExamine?id=9');
    const summary = await screen.findByTestId('doc-availability');
    expect(summary.textContent).toContain('压缩机：现有10，其他单据预留2，可用8，审批后剩5');
    expect(summary.textContent).toContain('温控器：现有5，其他单据预留3，可用2，不足');
    expect(screen.getByText('审批后剩5')).toBeTruthy();
    expect(screen.getByText('不足')).toBeTruthy();
  });

  it('shows a serial count’s missing units (盘亏) and the ones it brings in (盘盈) against what is recorded', { timeout: 30_000 }, async () => {
    stubApi({
      '/spare/doc/detail': doc(5, [{ ...line, quantity: 2, stock: 2, reserved: 0, available: 2, serialized: true, serials: ['A-1', 'C-9'] }]),
      '/spare/unit/options': {
        serialized: true,
        total: 2,
        units: [
          { serial: 'A-1', held: false },
          { serial: 'B-2', held: false },
        ],
      },
    });
    renderWithApp(<SpareExamine />, '/spareExamine?id=9');
    expect(await screen.findByText('盘亏：B-2')).toBeTruthy();
    expect(screen.getByText('盘盈：C-9')).toBeTruthy();
    expect((await screen.findByTestId('doc-availability')).textContent).toBe('压缩机：账面2，实盘2，差异0');
  });
});
