// 新建事件 as an ordinary employee (role 4, no customer list): the customer picker asks the event's own picker call and
// shows its customers; a picker whose search is refused says so instead of looking empty. 保存 waits for the template's
// custom fields and for their files under way.
import type { SessionUserInfo } from '@sk/shared/account/account.contract';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { field } from '../../../components/forms/testFields';
import {
  type ApiRequest,
  chooseFile,
  deferred,
  expectHeldBack,
  holdUploads,
  refusal,
  renderWithApp,
  stubApi,
  uploadUnderWay,
} from '../../../components/testing';
import { setSessionUser } from '../../../lib/session';
import { CustomerSelect } from '../../customers/components/CustomerSelect';
import NewEvent from './NewEvent';

vi.setConfig({ testTimeout: 30_000 }); // antd in jsdom is slow on a shared machine

let asked: string[] = [];
let sent: unknown[] = [];
/** The template's custom fields. */
let extFields: unknown[] = [];
let templates: unknown = { list: [], count: 0 };
let refuseCustomerList = true;
/** The template's custom fields answer when this is called (null: at once). */
let fieldsHeld: Promise<void> | null = null;
/** The template list answers when this is called (null: at once). */
let templatesHeld: Promise<void> | null = null;
beforeEach(() => {
  sent = [];
  extFields = [];
  templatesHeld = null;
  refuseCustomerList = true;
  fieldsHeld = null;
  templates = { list: [], count: 0 };
  setSessionUser({ id: 4, name: '普通员工', sysrole: 4, powers: ['menu_NewEvent', 'menu_Myevent'], isChargeUser: 1 } as unknown as SessionUserInfo);
  asked = stubApi(
    {
      '/v2/event/add': (r: ApiRequest) => {
        sent.push(r.body);
        return { id: 8 };
      },
      '/v2/customer/getCustomerList': () => (refuseCustomerList ? refusal('NO_POWER', '您没有该功能的操作权限') : null),
      '/v2/event/customerOptions': [{ id: 5, name: '上海恒瑞物业管理有限公司', linkperson: '赵建国', phone: '13812345678', address: null }],
      '/v2/eventTemp/list': async () => {
        await templatesHeld;
        return templates;
      },
      '/v2/eventTemp/cusTempField': async () => {
        await fieldsHeld;
        return { fields: extFields };
      },
    },
    null,
  ).asked;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setSessionUser(null);
});

const openPicker = () => fireEvent.mouseDown(screen.getByRole('combobox', { name: '客户' }));

describe('新建事件’s save', () => {
  it('waits for the template’s custom fields: no save without them while they load', async () => {
    templates = { list: [{ id: 9, name: '标准事件' }], count: 1 };
    const held = deferred();
    fieldsHeld = held.promise;
    renderWithApp(<NewEvent />, '/newEvent');
    const save = () => screen.getByRole('button', { name: /保\s?存/ });
    await vi.waitFor(() => expect(asked.some((a) => a.includes('/v2/eventTemp/cusTempField'))).toBe(true));
    expect(save()).toHaveProperty('disabled', true);
    held.resolve();
    await vi.waitFor(() => expect(save()).toHaveProperty('disabled', false));
  });
});

describe('新建事件’s save with a file still uploading', () => {
  it('sends nothing while a custom field’s file goes up (文件上传中，请稍候), and the file once it is up', async () => {
    templates = { list: [{ id: 9, name: '标准事件' }], count: 1 };
    extFields = [field(12, '现场照片', 10)];
    const held = deferred();
    holdUploads(held.promise);
    renderWithApp(<NewEvent />, '/newEvent');
    const save = () => screen.getByRole('button', { name: /保\s?存/ });
    fireEvent.change(await screen.findByLabelText('事件标题'), { target: { value: '门禁无法刷卡' } });
    chooseFile(new File(['png'], '现场.png', { type: 'image/png' }), await screen.findByLabelText('现场照片'));
    await vi.waitFor(() => expect(uploadUnderWay()).toBe(true));
    await vi.waitFor(() => expect(save()).toHaveProperty('disabled', false));
    fireEvent.click(save());
    await expectHeldBack(sent);
    await act(async () => held.resolve());
    await vi.waitFor(() => expect(uploadUnderWay()).toBe(false));
    fireEvent.click(save());
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ title: '门禁无法刷卡', templateId: 9, ext: { '12': [31] } });
  });
});

describe('新建事件’s save, before the templates', () => {
  it('waits for the template list too: without it the save would go to the default template without its fields', async () => {
    const held = deferred();
    templatesHeld = held.promise;
    renderWithApp(<NewEvent />, '/newEvent');
    const save = () => screen.getByRole('button', { name: /保\s?存/ });
    await vi.waitFor(() => expect(asked.some((a) => a.includes('/v2/eventTemp/list'))).toBe(true));
    expect(save()).toHaveProperty('disabled', true);
    held.resolve();
    await vi.waitFor(() => expect(save()).toHaveProperty('disabled', false));
  });
});

describe('新建事件’s customer picker', () => {
  it('finds customers through the event’s own call, never the customer list the employee may not open', async () => {
    renderWithApp(<NewEvent />, '/newEvent');
    openPicker();
    expect(await screen.findByText('上海恒瑞物业管理有限公司')).toBeTruthy();
    expect(screen.getByText('赵建国 13812345678')).toBeTruthy();
    expect(asked.some((a) => a.includes('/api/v2/event/customerOptions'))).toBe(true);
    expect(asked.filter((a) => a.includes('/v2/customer/getCustomerList'))).toEqual([]);
    expect(screen.getByText('内部事件可不选客户')).toBeTruthy();
  });

  it('a refused search shows why in the dropdown instead of an empty list', async () => {
    renderWithApp(<CustomerSelect />);
    openPicker();
    expect(await screen.findByText('无法查询客户：您没有该功能的操作权限')).toBeTruthy();
    expect(screen.queryByText('暂无匹配的客户')).toBeNull();
  });
});
