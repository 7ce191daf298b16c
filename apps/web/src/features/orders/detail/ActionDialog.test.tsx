import type { SessionUserInfo } from '@sk/shared';
import type { OrderDetail } from '@sk/shared/orders/order.detail.contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
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

describe('an action dialog: 取消工单', () => {
  const cancel = ACTION_BUTTONS.find((b) => b.key === 'cancel')!;
  /** /order/cancel answers `ok()`; the bodies it was sent are returned. */
  function serveCancel(ok: () => boolean) {
    const sent: unknown[] = [];
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      if (String(url).includes('/order/cancel')) {
        sent.push(JSON.parse(String(init?.body)));
        const yes = ok();
        return new Response(JSON.stringify({ success: yes, message: yes ? '取消成功' : '数据已变更', data: null }), { status: 200 });
      }
      return new Response(JSON.stringify({ success: true, message: '', data: null }), { status: 200 });
    });
    return sent;
  }
  const submitButton = () => screen.getByRole('button', { name: /提\s*交/ });

  it('asks for the reason first, with a red 提交', async () => {
    const sent = serveCancel(() => true);
    renderWithApp(<ActionDialog d={order} button={cancel} ability="cancel" onClose={() => {}} onDone={() => {}} />);
    expect(submitButton().className).toContain('ant-btn-dangerous');
    fireEvent.click(submitButton());
    expect(await screen.findByText('请输入取消原因')).toBeTruthy();
    expect(sent).toHaveLength(0);
  });

  it('stays open on a refusal and is done on success', async () => {
    let answer = false;
    const sent = serveCancel(() => answer);
    const onDone = vi.fn();
    renderWithApp(<ActionDialog d={order} button={cancel} ability="cancel" onClose={() => {}} onDone={onDone} />);
    fireEvent.change(screen.getByLabelText('取消原因'), { target: { value: '客户不需要了' } });
    fireEvent.click(submitButton());
    await waitFor(() => expect(sent).toHaveLength(1), { timeout: 10_000 });
    expect(sent[0]).toMatchObject({ orderId: 5, reason: '客户不需要了' });
    await waitFor(() => expect(submitButton().className).not.toContain('ant-btn-loading'));
    expect(onDone).not.toHaveBeenCalled();
    answer = true;
    // Another body: the request client refuses the same one again within a second.
    fireEvent.change(screen.getByLabelText('取消原因'), { target: { value: '客户已自行修好' } });
    fireEvent.click(submitButton());
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1), { timeout: 10_000 });
  });
});
