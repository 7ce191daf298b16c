import type { SessionUserInfo } from '@sk/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../components/testing';
import { setSessionUser } from '../../lib/session';
import { AssignDialog } from './AssignDialog';

vi.setConfig({ testTimeout: 30_000 }); // antd in jsdom is slow on a shared machine

const target = { orderIds: [5], expectedState: 1, serviceGroupId: null, title: '空调维修' };
const recommended = { source: 'rule', ruleId: 1, ruleName: '华东', userId: 7, userName: '李工', providerId: null, providerName: null };

/** The server: 李工 recommended, no candidates or providers; 派单 answers `dispatched` (a refusal otherwise). Returns the dispatch bodies. */
function serve(dispatched: () => boolean) {
  const sent: unknown[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const u = String(url);
    if (u.includes('/v2/order/dispatch')) {
      sent.push(JSON.parse(String(init?.body)));
      const ok = dispatched();
      return new Response(JSON.stringify({ success: ok, message: ok ? '派单成功' : '数据已变更', data: null }), { status: 200 });
    }
    const data = u.includes('/order/progress/defaultUser') ? recommended : u.includes('designateUserList') ? { list: [], count: 0 } : [];
    return new Response(JSON.stringify({ success: true, message: '', data }), { status: 200 });
  });
  return sent;
}

beforeEach(() => setSessionUser({ id: 2, name: '王派单', sysrole: 1, powers: [], userType: 0 } as unknown as SessionUserInfo));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ok = () => screen.getByRole('button', { name: '确定派单' });

describe('派单', () => {
  it('asks for the engineer before sending anything', async () => {
    const sent = serve(() => true);
    renderWithApp(<AssignDialog target={target} onClose={() => {}} onDone={() => {}} />);
    expect(screen.getByText('派单：空调维修')).toBeTruthy();
    fireEvent.click(ok());
    expect(await screen.findByText('请选择服务人员')).toBeTruthy();
    expect(sent).toHaveLength(0);
  });

  it('stays open on a refusal and is done on success', async () => {
    let answer = false;
    const sent = serve(() => answer);
    const onDone = vi.fn();
    const onClose = vi.fn();
    renderWithApp(<AssignDialog target={target} onClose={onClose} onDone={onDone} />);
    fireEvent.click(await screen.findByRole('button', { name: /采\s*用/ }));
    fireEvent.click(ok());
    await waitFor(() => expect(sent).toHaveLength(1), { timeout: 10_000 });
    expect(sent[0]).toMatchObject({ orderId: 5, expectedState: 1, serviceUserId: 7 });
    await waitFor(() => expect(ok().className).not.toContain('ant-btn-loading'));
    expect(onDone).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
    answer = true;
    // Another body: the request client refuses the same one again within a second.
    fireEvent.change(screen.getByLabelText('备注'), { target: { value: '客户改约' } });
    fireEvent.click(ok());
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1), { timeout: 10_000 });
    expect(sent[1]).toMatchObject({ serviceUserId: 7, note: '客户改约' });
  });
});
