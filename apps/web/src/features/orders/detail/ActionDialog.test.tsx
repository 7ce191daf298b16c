import type { SessionUserInfo } from '@sk/shared';
import type { OrderDetail } from '@sk/shared/orders/order.detail.contract';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { field } from '../../../components/forms/testFields';
import { renderWithApp } from '../../../components/testing';
import { setSessionUser } from '../../../lib/session';
import { ActionDialog } from './ActionDialog';
import { ACTION_BUTTONS } from './actions';

vi.setConfig({ testTimeout: 30_000 }); // antd in jsdom is slow on a shared machine

const order = { id: 5, state: 4, orderType: { id: 1 }, templateVersionId: null, extFields: [], signature: null } as unknown as OrderDetail;
const receipt = ACTION_BUTTONS.find((b) => b.key === 'receipt')!;

/** The server's answers: the receipt form (kind 9) with the given fields; every other read empty. */
function serve(receiptFields: unknown[]) {
  vi.stubGlobal('fetch', async (url: string) => {
    const u = String(url);
    const data = u.includes('/detailcontrol/forminfo')
      ? { fields: u.includes('type=9') ? receiptFields : [] }
      : u.includes('getByCode')
        ? { code: 'x', value: '0' }
        : null;
    return new Response(JSON.stringify({ success: true, message: '', data }), { status: 200 });
  });
}

beforeEach(() => setSessionUser({ id: 2, name: '王工', sysrole: 2, powers: [], isChargeUser: 1 } as unknown as SessionUserInfo));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the receipt dialog: the customer signature', () => {
  it('offers its own 客户签名 pad when the receipt form has no signature field', async () => {
    serve([field(3, '处理结果', 1)]);
    renderWithApp(<ActionDialog d={order} button={receipt} ability="receipt" onClose={() => {}} onDone={() => {}} />);
    expect(await screen.findByText('处理结果')).toBeTruthy();
    expect(screen.getByText('客户签名')).toBeTruthy();
  });

  it('shows one pad only (the form field) when the receipt form has a signature field', async () => {
    serve([field(3, '处理结果', 1), field(4, '客户签字', 21)]);
    renderWithApp(<ActionDialog d={order} button={receipt} ability="receipt" onClose={() => {}} onDone={() => {}} />);
    expect(await screen.findByText('客户签字')).toBeTruthy();
    expect(screen.queryByText('客户签名')).toBeNull();
  });
});
