// 编辑工单: 保存 waits for the 附件 under way, so the edit cannot go without them.
import type { SessionUserInfo } from '@sk/shared/account/account.contract';
import type { OrderDetail } from '@sk/shared/orders/order.detail.contract';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiRequest, chooseFile, deferred, expectHeldBack, holdUploads, renderWithApp, stubApi, uploadUnderWay } from '../../../components/testing';
import { setSessionUser } from '../../../lib/session';
import { field } from '../../../components/forms/testFields';
import { EditOrderDialog } from './EditOrderDialog';

vi.setConfig({ testTimeout: 60_000 }); // antd in jsdom is slow on a shared machine, and the whole order form renders

const order = {
  id: 5,
  state: 2,
  version: 3,
  orderType: { id: 1 },
  templateVersionId: null,
  examineType: null,
  placeState: 0,
  invalid: false,
  title: '空调不制冷',
  contactId: null,
  customLinkPerson: null,
  customPhone: null,
  customEnterpriseName: null,
  gpsAddr: { provinceCode: null },
  product: null,
  serviceItems: [],
  customApplyTime: null,
  priority: 1,
  serviceLevel: null,
  detailDesc: null,
  attachments: [],
  tags: [],
  serviceGroup: null,
  source: null,
  saleChannel: null,
  people: [],
  extFields: [],
} as unknown as OrderDetail;
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

let sent: unknown[] = [];
beforeEach(() => {
  sent = [];
  setSessionUser({ id: 3, name: '客服小李', sysrole: 3, admin: true, powers: [], isChargeUser: 1 } as unknown as SessionUserInfo);
  stubApi({
    '/v2/order/edit': (r: ApiRequest) => {
      sent.push(r.body);
      return null;
    },
    '/detailcontrol/forminfo': formInfo,
    '/v2/order/orderCustomerContext': { customer: { id: 9, name: '恒瑞物业' }, contacts: [], addresses: [], products: [] },
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setSessionUser(null);
});

describe('编辑工单 with a file still uploading', () => {
  it('sends nothing while the 附件 goes up (文件上传中，请稍候), and the file once it is up', async () => {
    const held = deferred();
    holdUploads(held.promise);
    const onDone = vi.fn();
    renderWithApp(<EditOrderDialog d={order} ability="edit" onClose={() => {}} onDone={onDone} />);
    fireEvent.change(await screen.findByLabelText('标题'), { target: { value: '空调漏水' } });
    chooseFile(new File(['%PDF'], '报价单.pdf', { type: 'application/pdf' }), await screen.findByLabelText('附件'));
    await vi.waitFor(() => expect(uploadUnderWay()).toBe(true));
    const save = () => screen.getByRole('button', { name: /保\s?存/ });
    fireEvent.click(save());
    await expectHeldBack(sent);
    await act(async () => held.resolve());
    await vi.waitFor(() => expect(uploadUnderWay()).toBe(false));
    fireEvent.click(save());
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ orderId: 5, expectedState: 2, version: 3, title: '空调漏水', attachments: [31] });
    await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
  });
});

describe('补充信息 with a required custom field still empty (issue 65, 9)', () => {
  it('saves: the field keeps its required mark, which binds 完成服务, not this save', async () => {
    stubApi({
      '/v2/order/employee/edit': (r: ApiRequest) => {
        sent.push(r.body);
        return null;
      },
      '/detailcontrol/forminfo': { ...formInfo, fields: [field(41, '故障类型', 3, { options: ['不制冷', '漏水'], required: true, group: 'orderInfo' })] },
      '/v2/order/orderCustomerContext': { customer: { id: 9, name: '恒瑞物业' }, contacts: [], addresses: [], products: [] },
    });
    setSessionUser({ id: 7, name: '周建华', sysrole: 2, admin: false, powers: [], isChargeUser: 1 } as unknown as SessionUserInfo);
    const onDone = vi.fn();
    renderWithApp(<EditOrderDialog d={{ ...order, state: 4 } as OrderDetail} ability="employeeEdit" onClose={() => {}} onDone={onDone} />);
    const label = (await screen.findByText('故障类型')).closest('label') as HTMLElement;
    expect(label.className).toContain('ant-form-item-required');
    fireEvent.change(await screen.findByLabelText('详细描述'), { target: { value: '先拍照，故障待查' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s?存/ }));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ orderId: 5, detailDesc: '先拍照，故障待查' });
    expect(screen.queryByText('故障类型：不能为空')).toBeNull();
    await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
  });
});
