// 编辑周期计划: the form waits for the templates, which decide whether 每月几号 shows; saved before, the day went missing.
import type { SessionUserInfo } from '@sk/shared/account/account.contract';
import type { CyclePlan } from '@sk/shared/cycle/cycle.contract';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, renderWithApp } from '../../components/testing';
import { setSessionUser } from '../../lib/session';
import { PlanFormDialog } from './PlanFormDialog';

let templatesHeld: Promise<void> = Promise.resolve();
beforeEach(() => {
  setSessionUser({ id: 3, name: '管理员', sysrole: 3, admin: true, powers: [], isChargeUser: 1 } as unknown as SessionUserInfo);
  vi.stubGlobal('fetch', async (url: string) => {
    const answer = (data: unknown) => new Response(JSON.stringify({ success: true, message: '', data }), { status: 200 });
    if (String(url).includes('/cycleTmpl/options')) {
      await templatesHeld;
      return answer([{ id: 7, name: '空调保养', every: 1, unit: 4 }]);
    }
    return answer([]);
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setSessionUser(null);
});

const plan = {
  id: 1,
  name: '月度保养',
  state: 1,
  templateId: 7,
  templateName: '空调保养',
  every: 1,
  unit: 4,
  targetType: 1,
  installedProductId: 5,
  productName: '中央空调',
  serialNumber: 'SN1',
  contractId: null,
  contractName: null,
  customerId: 2,
  customerName: '恒瑞物业',
  startType: 1,
  startDate: '2026-11-01',
  dayOfPeriod: 15,
  endDate: null,
  remark: null,
  engineerId: null,
  engineerName: null,
  lastDueDate: null,
  lastOrderId: null,
  orderCount: 0,
  create_time: '2026-11-01 09:00:00',
} as unknown as CyclePlan;

describe('编辑周期计划', () => {
  it('cannot be saved until the templates have loaded; then shows the plan’s day of the month', async () => {
    const held = deferred();
    templatesHeld = held.promise;
    renderWithApp(<PlanFormDialog open plan={plan} onClose={() => {}} />);
    const save = () => screen.getByRole('button', { name: /保\s?存/ });
    expect(save()).toHaveProperty('disabled', true);
    held.resolve();
    await vi.waitFor(() => expect(save()).toHaveProperty('disabled', false));
    expect(await screen.findByDisplayValue('15')).toBeTruthy();
  });
});
