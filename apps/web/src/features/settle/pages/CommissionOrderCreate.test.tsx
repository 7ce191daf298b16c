// 新建奖惩: 提交审批 waits for the 附件 under way, so the record cannot go without them.
import type { SessionUserInfo } from '@sk/shared/account/account.contract';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiRequest, chooseFile, deferred, expectHeldBack, holdUploads, renderWithApp, stubApi, uploadUnderWay } from '../../../components/testing';
import { setSessionUser } from '../../../lib/session';
import CommissionOrderCreate from './CommissionOrderCreate';

vi.setConfig({ testTimeout: 30_000 }); // antd in jsdom is slow on a shared machine

let sent: unknown[] = [];
beforeEach(() => {
  sent = [];
  setSessionUser({ id: 3, name: '财务小王', sysrole: 3, admin: true, powers: [], isChargeUser: 1 } as unknown as SessionUserInfo);
  stubApi(
    {
      '/rewards/addRewardsForm': (r: ApiRequest) => {
        sent.push(r.body);
        return { id: 6, state: 1, rewardNo: 'JC0006' };
      },
      '/serviceprovider/simplelist': [{ id: 4, name: '蓝海服务' }],
    },
    null,
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setSessionUser(null);
});

describe('新建奖惩 with a file still uploading', () => {
  it('sends nothing while the 附件 goes up (文件上传中，请稍候), and the file once it is up', async () => {
    const held = deferred();
    holdUploads(held.promise);
    renderWithApp(<CommissionOrderCreate />, '/commissionOrder/create');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '服务商' }));
    fireEvent.click(await screen.findByText('蓝海服务'));
    fireEvent.change(screen.getByLabelText('金额（元）'), { target: { value: '50' } });
    fireEvent.change(screen.getByLabelText('奖惩原因'), { target: { value: '超时未上门' } });
    chooseFile(new File(['%PDF'], '投诉记录.pdf', { type: 'application/pdf' }), screen.getByLabelText('附件'));
    await vi.waitFor(() => expect(uploadUnderWay()).toBe(true));
    const submit = () => screen.getByRole('button', { name: /提交审批/ });
    fireEvent.click(submit());
    await expectHeldBack(sent);
    await act(async () => held.resolve());
    await vi.waitFor(() => expect(uploadUnderWay()).toBe(false));
    fireEvent.click(submit());
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ providerId: 4, kind: 2, amountCents: 5000, reason: '超时未上门', attachments: ['/api/file/31'] });
  });
});
