import type { SessionUserInfo } from '@sk/shared';
import type { OrderDetail } from '@sk/shared/orders/order.detail.contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { field } from '../../../components/forms/testFields';
import { deferred, renderWithApp } from '../../../components/testing';
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

describe('完成服务 and 填写回执: nothing is sent before the forms and the signature setting have loaded', () => {
  const complete = ACTION_BUTTONS.find((b) => b.key === 'complete')!;
  /** The forms (the receipt form with the given fields) and 完成服务时须客户签名确认 (on) answer once `held` settles; the actions' bodies are returned. */
  function serveHeld(held: Promise<void>, receiptFields: unknown[]) {
    const sent: { path: string; body: Record<string, unknown> }[] = [];
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      const u = String(url);
      const answer = (data: unknown) => new Response(JSON.stringify({ success: true, message: '', data }), { status: 200 });
      if (u.includes('/order/serviceComplete') || u.includes('/order/receipt')) {
        sent.push({ path: u, body: JSON.parse(String(init?.body)) });
        return answer(null);
      }
      if (u.includes('/detailcontrol/forminfo')) {
        await held;
        return answer({ fields: u.includes('type=9') ? receiptFields : [] });
      }
      if (u.includes('getByCode')) {
        await held;
        return answer({ code: 'order_sign_required', value: '1' });
      }
      if (u.includes('checkFinish')) return answer({ ready: true, missing: [], message: '' });
      return answer(null);
    });
    return sent;
  }
  const submitButton = () => screen.getByRole('button', { name: /提\s*交/ });

  it('完成服务 waits for the signature setting: the customer must sign first', async () => {
    const held = deferred();
    const sent = serveHeld(held.promise, []);
    renderWithApp(<ActionDialog d={order} button={complete} ability="serviceComplete" onClose={() => {}} onDone={() => {}} />);
    fireEvent.click(submitButton());
    held.resolve();
    // The setting has answered once the pad is marked required.
    await waitFor(() => expect(screen.getByText('客户签名').className).toContain('ant-form-item-required'));
    expect(sent, 'completed before the forms and the signature setting had loaded').toEqual([]);
    await waitFor(() => expect(submitButton()).toHaveProperty('disabled', false));
    fireEvent.click(submitButton());
    expect(await screen.findByText('请客户签名')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('填写回执 waits for the receipt form, then sends its values', async () => {
    const held = deferred();
    const sent = serveHeld(held.promise, [field(3, '处理结果', 1)]);
    renderWithApp(<ActionDialog d={order} button={receipt} ability="receipt" onClose={() => {}} onDone={() => {}} />);
    fireEvent.click(submitButton());
    held.resolve();
    fireEvent.change(await screen.findByLabelText('处理结果'), { target: { value: '已更换压缩机' } });
    expect(sent, 'the receipt went before its form had loaded').toEqual([]);
    await waitFor(() => expect(submitButton()).toHaveProperty('disabled', false));
    fireEvent.click(submitButton());
    await waitFor(() => expect(sent).toHaveLength(1), { timeout: 10_000 });
    expect(sent[0]?.body).toMatchObject({ orderId: 5, receiptExt: { '3': '已更换压缩机' } });
  });
});
