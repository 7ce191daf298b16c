// 新建工单: 保存 waits for the duplicate-order check, so a duplicate cannot be saved past its warning.
import type { SessionUserInfo } from '@sk/shared/account/account.contract';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, renderWithApp } from '../../../components/testing';
import { setSessionUser } from '../../../lib/session';
import CreateOrder from './CreateOrder';

vi.setConfig({ testTimeout: 60_000 }); // antd in jsdom is slow on a shared machine, and the whole create form renders

const formInfo = {
  templateId: 1,
  templateName: '维修',
  type: 1,
  versionId: 1,
  version: 1,
  fields: [],
  kindName: '工单',
  fixedFields: [],
  groups: [
    { key: 'orderInfo', name: '工单信息' },
    { key: 'customerInfo', name: '客户信息' },
  ],
  height: null,
  formulaRefs: [],
};
const duplicates = { count: 1, list: [{ id: 9, orderNo: 'GD0009', title: '空调不制冷', state: 2, create_time: '2026-11-27 10:00:00' }] };

let dupHeld: Promise<void> = Promise.resolve();
let sent: unknown[] = [];
let asked: string[] = [];
beforeEach(() => {
  sent = [];
  asked = [];
  setSessionUser({ id: 3, name: '客服小李', sysrole: 3, admin: true, powers: [], isChargeUser: 1 } as unknown as SessionUserInfo);
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const path = String(url);
    asked.push(path);
    const answer = (data: unknown) => new Response(JSON.stringify({ success: true, message: '', data }), { status: 200 });
    if (path.includes('/v2/order/add')) {
      sent.push(JSON.parse(String(init?.body)));
      return answer({ id: 10 });
    }
    if (path.includes('/orderTypeTemplate/list')) return answer([{ id: 1, name: '维修', isDefault: true }]);
    if (path.includes('/detailcontrol/forminfo')) return answer(formInfo);
    if (path.includes('/v2/order/customerOptions')) return answer([{ id: 5, name: '恒瑞物业', linkperson: null, phone: null, address: null }]);
    if (path.includes('/v2/order/customerContext')) return answer({ customer: { id: 5, name: '恒瑞物业' }, contacts: [], addresses: [], products: [] });
    if (path.includes('/v2/order/duplicateCheck')) {
      await dupHeld;
      return answer(duplicates);
    }
    return answer([]);
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setSessionUser(null);
});

describe('新建工单’s save', () => {
  it('waits for the duplicate check, then asks before saving a likely duplicate', async () => {
    const held = deferred();
    dupHeld = held.promise;
    renderWithApp(<CreateOrder />, '/createOrder?customerId=5');
    fireEvent.change(await screen.findByLabelText('标题'), { target: { value: '空调又不制冷了' } });
    await vi.waitFor(() => expect(asked.some((a) => a.includes('/v2/order/duplicateCheck'))).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: /保\s?存/ }));
    held.resolve();
    expect(await screen.findByTestId('duplicate-warning')).toBeTruthy();
    expect(sent, 'saved before the duplicate check had answered').toEqual([]);
    await vi.waitFor(() => expect(screen.getByRole('button', { name: /保\s?存/ })).toHaveProperty('disabled', false));
    fireEvent.click(screen.getByRole('button', { name: /保\s?存/ }));
    expect(await screen.findByText('该客户已有1个未完成的同类工单，仍要创建吗？')).toBeTruthy();
    expect(sent).toEqual([]);
  });
});
