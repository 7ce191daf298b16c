// 新建工单: 保存 waits for the duplicate-order check, so a duplicate cannot be saved past its warning, and for the
// 附件 and picture fields' files, so the order cannot go without them.
import type { SessionUserInfo } from '@sk/shared/account/account.contract';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { field } from '../../../components/forms/testFields';
import { type ApiRequest, chooseFile, deferred, expectHeldBack, holdUploads, renderWithApp, stubApi, uploadUnderWay } from '../../../components/testing';
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
/** The type's custom picture field, for the upload test. */
const photoField = field(12, '现场照片', 10);
const duplicates = { count: 1, list: [{ id: 9, orderNo: 'GD0009', title: '空调不制冷', state: 2, create_time: '2026-11-27 10:00:00' }] };

let dupHeld: Promise<void> = Promise.resolve();
let dupAnswer: unknown = duplicates;
let fields: unknown[] = [];
let sent: unknown[] = [];
let asked: string[] = [];
beforeEach(() => {
  sent = [];
  dupHeld = Promise.resolve();
  dupAnswer = duplicates;
  fields = [];
  setSessionUser({ id: 3, name: '客服小李', sysrole: 3, admin: true, powers: [], isChargeUser: 1 } as unknown as SessionUserInfo);
  asked = stubApi({
    '/v2/order/add': (r: ApiRequest) => {
      sent.push(r.body);
      return { id: 10 };
    },
    '/orderTypeTemplate/list': [{ id: 1, name: '维修', isDefault: true }],
    '/detailcontrol/forminfo': () => ({ ...formInfo, fields }),
    '/v2/order/customerOptions': [{ id: 5, name: '恒瑞物业', linkperson: null, phone: null, address: null }],
    '/v2/order/customerContext': { customer: { id: 5, name: '恒瑞物业' }, contacts: [], addresses: [], products: [] },
    '/v2/order/duplicateCheck': async () => {
      await dupHeld;
      return dupAnswer;
    },
  }).asked;
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

describe('新建工单’s save with a file still uploading', () => {
  it.each([
    { label: '附件', file: new File(['%PDF'], '报价单.pdf', { type: 'application/pdf' }), saved: { attachments: [31] } },
    { label: '现场照片', file: new File(['png'], '现场.png', { type: 'image/png' }), saved: { ext: { '12': [31] } } },
  ])('sends nothing while the $label file goes up (文件上传中，请稍候), and the file once it is up', async ({ label, file, saved }) => {
    dupAnswer = { count: 0, list: [] };
    fields = [photoField];
    const held = deferred();
    holdUploads(held.promise);
    renderWithApp(<CreateOrder />, '/createOrder?customerId=5');
    fireEvent.change(await screen.findByLabelText('标题'), { target: { value: '空调又不制冷了' } });
    const save = () => screen.getByRole('button', { name: /保\s?存/ });
    await vi.waitFor(() => expect(save()).toHaveProperty('disabled', false));
    chooseFile(file, await screen.findByLabelText(label));
    await vi.waitFor(() => expect(uploadUnderWay()).toBe(true));
    fireEvent.click(save());
    await expectHeldBack(sent);
    await act(async () => held.resolve());
    await vi.waitFor(() => expect(uploadUnderWay()).toBe(false));
    fireEvent.click(save());
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ customerId: 5, title: '空调又不制冷了', ...saved });
  });
});
