// The customer area's record dialogs on RecordFormDialog, against canned server answers (fetch stubbed): the contract's
// rules refuse bad input before any request, a custom field the template requires blocks the save, a good save posts
// the fixed and custom values together and closes.
import type { SessionUserInfo } from '@sk/shared/account/account.contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../components/testing';
import { field } from '../../components/forms/testFields';
import { setSessionUser } from '../../lib/session';
import { HomeAccountDialog } from './components/HomeAccountDialogs';
import { MaintainContractFormDialog } from './components/MaintainContractFormDialog';
import { SaleContractFormDialog } from './components/SaleContractFormDialog';

let answers: Record<string, unknown> = {};
let posts: { url: string; body: Record<string, unknown> }[] = [];

beforeEach(() => {
  posts = [];
  setSessionUser({ id: 1, name: '管理员', sysrole: 1, powers: [], isChargeUser: 1 } as unknown as SessionUserInfo);
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if (init?.method && init.method !== 'GET') posts.push({ url: String(url), body: JSON.parse(String(init.body ?? '{}')) });
    const key = Object.keys(answers).find((k) => String(url).includes(k));
    return new Response(JSON.stringify({ success: true, message: '保存成功', data: key ? answers[key] : null }), { status: 200 });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setSessionUser(null);
});

const saved = {
  id: 7,
  contractNo: 'HT20261101-0007',
  name: '年度采购合同',
  customerId: 3,
  customerName: '苏州湖畔花园',
  signDate: '2026-11-01',
  status: 1,
  amount: 0,
  createUserName: '管理员',
  create_time: '2026-11-01 09:00:00',
  remark: null,
  products: [],
  logs: [],
  abilities: { edit: true, actions: [], delete: true },
  templateVersionId: null,
  ext: {},
  extFields: [],
};

/** A single-line text custom field of the template. */
const customField = (required: boolean) => field(41, '合同来源', 1, { required, sort: 0 });

/** The machine running the tests is shared: give antd's async validation time. */
const SLOW = { timeout: 10_000 };

const saveButton = () => screen.getByRole('button', { name: /保\s*存/ });
const saves = () => posts.filter((p) => p.url.includes('/contract/sale/save'));

describe('sales contract dialog', () => {
  it('loads the contract, refuses a name over the contract limit, then saves the edit with its custom values and closes', { timeout: 30_000 }, async () => {
    answers = { '/contract/sale/detail': saved, '/detailcontrol/forminfo': { templateVersionId: null, fields: [] }, '/contract/sale/save': { id: 7 } };
    const onClose = vi.fn();
    const onSaved = vi.fn();
    renderWithApp(<SaleContractFormDialog open id={7} onClose={onClose} onSaved={onSaved} />);
    const name = (await screen.findByDisplayValue('年度采购合同', {}, SLOW)) as HTMLInputElement;
    expect(screen.getByText('编辑销售合同')).toBeTruthy();

    fireEvent.change(name, { target: { value: '长'.repeat(101) } });
    fireEvent.click(saveButton());
    expect(await screen.findByText('合同名称不能超过100个字', {}, SLOW)).toBeTruthy();
    expect(saves()).toHaveLength(0);

    fireEvent.change(name, { target: { value: '  ' } });
    expect(await screen.findByText('请输入合同名称', {}, SLOW)).toBeTruthy();

    fireEvent.change(name, { target: { value: '年度维保采购合同' } });
    fireEvent.click(saveButton());
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(7), SLOW);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(saves()).toHaveLength(1);
    expect(saves()[0]?.body).toMatchObject({
      id: 7,
      contractNo: 'HT20261101-0007',
      name: '年度维保采购合同',
      customerId: 3,
      signDate: '2026-11-01',
      remark: null,
      products: [],
      ext: {},
    });
  });

  it('keeps the dialog open and posts nothing while a required custom field is empty', { timeout: 30_000 }, async () => {
    answers = {
      '/contract/sale/detail': saved,
      '/detailcontrol/forminfo': { templateVersionId: 2, fields: [customField(true)] },
      '/contract/sale/save': { id: 7 },
    };
    const onClose = vi.fn();
    const onSaved = vi.fn();
    renderWithApp(<SaleContractFormDialog open id={7} onClose={onClose} onSaved={onSaved} />);
    await screen.findByDisplayValue('年度采购合同', {}, SLOW);
    expect(await screen.findByText('自定义字段', {}, SLOW)).toBeTruthy();
    fireEvent.click(saveButton());
    expect((await screen.findAllByText('合同来源：不能为空', {}, SLOW)).length).toBeGreaterThan(0);
    // give a wrongly started save the time to arrive
    await new Promise((r) => setTimeout(r, 300));
    expect(saves()).toHaveLength(0);
    expect(onSaved).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByText('编辑销售合同')).toBeTruthy();
  });
});

describe('maintenance contract dialog', () => {
  it('loads the contract and refuses an empty name before any request', { timeout: 30_000 }, async () => {
    answers = {
      '/contract/maintain/detail': { ...saved, startDate: '2026-01-01', endDate: '2026-12-31', amount: 100 },
      '/detailcontrol/forminfo': { templateVersionId: null, fields: [] },
    };
    renderWithApp(<MaintainContractFormDialog open id={7} onClose={vi.fn()} onSaved={vi.fn()} />);
    const name = (await screen.findByDisplayValue('年度采购合同', {}, SLOW)) as HTMLInputElement;
    expect(screen.getByText('编辑维保合同')).toBeTruthy();
    fireEvent.change(name, { target: { value: ' ' } });
    fireEvent.click(saveButton());
    expect(await screen.findByText('请输入合同名称', {}, SLOW)).toBeTruthy();
    expect(posts).toHaveLength(0);
  });
});

describe('portal account dialog', () => {
  it('refuses an empty name with the contract message before any request', { timeout: 30_000 }, async () => {
    const account = {
      id: 5,
      customerId: 3,
      customerName: '甲',
      linkPersonId: null,
      name: '张三',
      mobile: '13800138000',
      enabled: true,
      last_login_time: null,
      createUserName: null,
      create_time: '2026-11-01 09:00:00',
    };
    renderWithApp(<HomeAccountDialog open account={account} onClose={vi.fn()} onSaved={vi.fn()} />);
    const name = (await screen.findByDisplayValue('张三', {}, SLOW)) as HTMLInputElement;
    fireEvent.change(name, { target: { value: '' } });
    fireEvent.click(saveButton());
    expect(await screen.findByText('请输入姓名', {}, SLOW)).toBeTruthy();
    expect(posts).toHaveLength(0);
  });
});
