// 回访详情: 提交回访 waits for the plan's return-visit form, so a pass cannot go without its required fields and answers,
// and for the form's files under way.
import type { SessionUserInfo } from '@sk/shared/account/account.contract';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { field } from '../../../components/forms/testFields';
import { chooseFile, deferred, expectHeldBack, holdUploads, renderWithApp, uploadUnderWay } from '../../../components/testing';
import { setSessionUser } from '../../../lib/session';
import TaskDetail from './TaskDetail';

vi.setConfig({ testTimeout: 60_000 }); // antd in jsdom is slow on a shared machine

const task = {
  id: 21,
  state: 1,
  visitType: 1,
  planId: 2,
  planName: '完工回访',
  orderId: 5,
  recordId: 5,
  orderNo: 'GD0005',
  orderTitle: '空调不制冷',
  customerName: '恒瑞物业',
  engineerName: '王工',
  visitorId: 3,
  visitorName: '客服小李',
  channel: null,
  nextVisitDate: null,
  reason: null,
  returnVisitTime: null,
  create_time: '2026-11-20 09:00:00',
  version: 1,
  scores: {},
  comment: null,
  ext: {},
  extFields: [],
  callSeconds: 0,
  followUpOrderId: null,
  followUpOrderNo: null,
  dimensions: [],
  formTemplateId: 8,
  contactName: null,
  contactPhone: null,
  smsSentAt: null,
  abilities: ['pass'],
  log: [],
};
const visited = {
  order: {
    kind: 'order',
    id: 5,
    orderNo: 'GD0005',
    title: '空调不制冷',
    state: 6,
    templateName: '维修',
    customerName: '恒瑞物业',
    contactName: null,
    contactPhone: null,
    address: null,
    engineerName: '王工',
    finishTime: null,
    detailDesc: null,
  },
  history: [],
  product: null,
  earlier: [],
};

let formHeld: Promise<void> = Promise.resolve();
let formFields: unknown[] = [];
let sent: Record<string, unknown>[] = [];
let asked: string[] = [];
beforeEach(() => {
  sent = [];
  asked = [];
  formHeld = Promise.resolve();
  formFields = [field(3, '满意原因', 1, { required: true })];
  setSessionUser({ id: 3, name: '客服小李', sysrole: 3, admin: true, powers: [], isChargeUser: 1 } as unknown as SessionUserInfo);
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const path = String(url);
    asked.push(path);
    const answer = (data: unknown) => new Response(JSON.stringify({ success: true, message: '', data }), { status: 200 });
    if (path.includes('/returnvisitTask/submit')) {
      sent.push(JSON.parse(String(init?.body)));
      return answer({ state: 3, followUpOrderId: null });
    }
    if (path.includes('/returnvisitTask/detail')) return answer(task);
    if (path.includes('/returnvisitTask/visitOrderDetail')) return answer(visited);
    if (path.includes('/detailcontrol/forminfo')) {
      await formHeld;
      return answer({ fields: formFields });
    }
    return answer([]);
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setSessionUser(null);
});

describe('提交回访', () => {
  it('sends nothing while the plan’s form loads, and its answers once it has', async () => {
    const held = deferred();
    formHeld = held.promise;
    renderWithApp(
      <Routes>
        <Route path="/returnVisitOrder/ReturnVisitTaskDetail/:taskId" element={<TaskDetail />} />
      </Routes>,
      '/returnVisitOrder/ReturnVisitTaskDetail/21',
    );
    const submit = async () => (await screen.findByText('提交回访')).closest('button') as HTMLButtonElement;
    await vi.waitFor(() => expect(asked.some((a) => a.includes('/detailcontrol/forminfo'))).toBe(true));
    fireEvent.click(await submit());
    held.resolve();
    fireEvent.change(await screen.findByLabelText('满意原因'), { target: { value: '师傅很专业' } });
    expect(sent, 'the visit went before its form had loaded').toEqual([]);
    await vi.waitFor(async () => expect(await submit()).toHaveProperty('disabled', false));
    fireEvent.click(await submit());
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ taskId: 21, version: 1, state: 3, ext: { '3': '师傅很专业' } });
  });
});

describe('提交回访 with a file still uploading', () => {
  it('sends nothing while the form’s file goes up (文件上传中，请稍候), and the file once it is up', async () => {
    formFields = [field(4, '回访记录', 15)];
    const held = deferred();
    holdUploads(held.promise);
    renderWithApp(
      <Routes>
        <Route path="/returnVisitOrder/ReturnVisitTaskDetail/:taskId" element={<TaskDetail />} />
      </Routes>,
      '/returnVisitOrder/ReturnVisitTaskDetail/21',
    );
    const submit = async () => (await screen.findByText('提交回访')).closest('button') as HTMLButtonElement;
    chooseFile(new File(['%PDF'], '回访记录.pdf', { type: 'application/pdf' }), await screen.findByLabelText('回访记录'));
    await vi.waitFor(() => expect(uploadUnderWay()).toBe(true));
    await vi.waitFor(async () => expect(await submit()).toHaveProperty('disabled', false));
    fireEvent.click(await submit());
    await expectHeldBack(sent);
    await act(async () => held.resolve());
    await vi.waitFor(() => expect(uploadUnderWay()).toBe(false));
    fireEvent.click(await submit());
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ taskId: 21, state: 3, ext: { '4': [31] } });
  });
});
