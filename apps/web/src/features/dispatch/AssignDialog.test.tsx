import type { SessionUserInfo } from '@sk/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../components/testing';
import { setSessionUser } from '../../lib/session';
import { AssignDialog } from './AssignDialog';

vi.setConfig({ testTimeout: 30_000 }); // antd in jsdom is slow on a shared machine

const target = { orderIds: [5], expectedState: 1, serviceGroupId: null, title: '空调维修' };
const recommended = { source: 'rule', ruleId: 1, ruleName: '华东', userId: 7, userName: '李工', providerId: null, providerName: null };
/** The dispatch assistant's answer: 周工 first, from his previous visit, at 10:30. */
const graded = {
  date: '2030-03-04',
  travel: { estimate: true, label: '直线距离×1.3，按25公里/小时估算' },
  dueAt: null,
  rows: [
    {
      userId: 9,
      name: '周工',
      providerName: null,
      score: 88,
      start: '2030-03-04 10:30:00',
      end: '2030-03-04 11:30:00',
      from: '上一单 GD1',
      leg: { km: 1.2, minutes: 4 },
      dayVisits: 1,
      reasons: [
        { text: '从上一单 GD1出发 1.2 km / 4 分钟', good: true },
        { text: '当天已约 1 单', good: true },
      ],
    },
  ],
  excluded: [{ userId: 3, name: '吴工', reason: '不在服务区域' }],
};

/** The server: 李工 recommended, no candidates or providers; 派单 answers `dispatched` (a refusal otherwise). Returns the dispatch bodies. */
function serve(dispatched: () => boolean) {
  const sent: unknown[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const u = String(url);
    if (u.includes('/v2/schedule/book')) {
      sent.push(JSON.parse(String(init?.body)));
      return new Response(JSON.stringify({ success: true, message: '派单成功', data: { id: 5, state: 2 } }), { status: 200 });
    }
    if (u.includes('/v2/planning/candidates')) return new Response(JSON.stringify({ success: true, message: '', data: graded }), { status: 200 });
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

  it('shows the graded suggestions with their reasons, and one click books the first at its slot', async () => {
    const sent = serve(() => true);
    const onDone = vi.fn();
    renderWithApp(<AssignDialog target={target} onClose={() => {}} onDone={onDone} />);
    const first = await screen.findByRole('listitem', { name: '推荐：周工' });
    expect(first.textContent).toContain('88 分');
    expect(first.textContent).toContain('从上一单 GD1出发 1.2 km / 4 分钟');
    expect(screen.getByText(/1 人不符合条件（吴工：不在服务区域）/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '派给周工（10:30）' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1), { timeout: 10_000 });
    expect(sent).toEqual([{ orderId: 5, serviceUserId: 9, bespokeTime: '2030-03-04 10:30:00' }]);
  });
});
