// 新建结算单's preview: the providers the period holds anything of, a click choosing one, and a provider with nothing
// to settle warned before 生成结算单 is refused.
import type { SessionUserInfo } from '@sk/shared/account/account.contract';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiRequest, renderWithApp, stubApi } from '../../../components/testing';
import { setSessionUser } from '../../../lib/session';
import SettleAccountsCreate, { pendingText } from './SettleAccountsCreate';

vi.setConfig({ testTimeout: 30_000 }); // antd in jsdom is slow on a shared machine

const row = (providerId: number, providerName: string, orderCount: number, orderCents: number) => ({
  providerId,
  providerName,
  orderCount,
  orderCents,
  claimCount: 0,
  claimCents: 0,
  rewardCount: 0,
  rewardCents: 0,
  totalCents: orderCents,
});

let asked: string[] = [];
beforeEach(() => {
  setSessionUser({ id: 8, name: '财务小王', sysrole: 8, admin: false, powers: [], isChargeUser: 1 } as unknown as SessionUserInfo);
  asked = stubApi({
    '/settleAccounts/pending': (r: ApiRequest) => (r.url.includes('periodStart=') ? [row(4, '蓝海服务', 30, 343_200), row(5, '华南平台', 2, 24_000)] : []),
    '/serviceprovider/simplelist': [
      { id: 4, name: '蓝海服务' },
      { id: 5, name: '华南平台' },
      { id: 6, name: '北方联保' },
    ],
  }).asked;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setSessionUser(null);
});

describe('新建结算单', () => {
  it('lists last month’s providers to settle; 选择 picks one and shows what its statement takes; one with nothing is warned', async () => {
    renderWithApp(<SettleAccountsCreate />, '/settleAccounts/create');
    expect(await screen.findByText('蓝海服务 ¥3432.00')).toBeTruthy();
    expect(screen.getByText('工单 2 单 ¥240.00')).toBeTruthy();
    // The period asked is last month's, as the picker starts.
    const url = asked.find((u) => u.includes('/settleAccounts/pending')) ?? '';
    const start = new Date();
    start.setDate(1);
    start.setMonth(start.getMonth() - 1);
    expect(url).toContain(`periodStart=${start.getFullYear()}-${String(start.getMonth() + 1).padStart(2, '0')}-01`);
    fireEvent.click(screen.getAllByRole('button', { name: '选择' })[0] as HTMLElement);
    expect(await screen.findByText('合计 ¥3432.00')).toBeTruthy();
    expect(screen.getByText('工单 30 单 ¥3432.00')).toBeTruthy();
    // Another provider, with nothing in the period.
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '服务商' }));
    fireEvent.click(await screen.findByText('北方联保'));
    expect(await screen.findByText('该服务商在此期间没有可结算的工单或费用')).toBeTruthy();
  });

  it('names each part of a statement that holds any, and leaves the empty parts out', () => {
    expect(pendingText({ ...row(1, 'x', 2, 3550), claimCount: 1, claimCents: 450, rewardCount: 1, rewardCents: -300, totalCents: 3700 })).toBe(
      '工单 2 单 ¥35.50 · 费用申请 1 笔 ¥4.50 · 奖惩 1 笔 ¥-3.00',
    );
    expect(pendingText({ ...row(1, 'x', 0, 0), rewardCount: 1, rewardCents: 200, totalCents: 200 })).toBe('奖惩 1 笔 ¥2.00');
  });
});
