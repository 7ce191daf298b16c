// The offline 完成服务: a completion is not queued without the customer's signature while 完成服务时须客户签名确认
// is not known (still loading, paused offline, or unreadable); the server would refuse it at sync, the customer gone.
import type { SessionUserInfo } from '@sk/shared/account/account.contract';
import type { OrderDetail } from '@sk/shared/orders/order.detail.contract';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, renderWithApp } from '../../../components/testing';
import { putOp } from '../../../lib/offline/queue';
import { setSessionUser } from '../../../lib/session';
import { OfflineCompleteDialog } from './OfflineComplete';

vi.mock('../../../lib/offline/device', async (original) => ({ ...(await original()), deviceId: () => '0b6f1c8e-3c1d-4c55-9d0a-7a1f2e3d4c5b' }));
vi.mock('../../../lib/offline/queue', () => ({ putOp: vi.fn(async () => {}) }));

vi.setConfig({ testTimeout: 30_000 }); // antd in jsdom is slow on a shared machine

const order = {
  id: 5,
  orderNo: 'GD0005',
  title: '空调不制冷',
  state: 4,
  version: 2,
  orderType: { id: 1 },
  templateVersionId: null,
  extFields: [],
  signature: null,
} as unknown as OrderDetail;

/** How /systemsetting/getByCode answers 完成服务时须客户签名确认. */
let signSetting: () => Promise<Response>;
beforeEach(() => {
  vi.mocked(putOp).mockClear();
  setSessionUser({ id: 2, name: '王工', sysrole: 2, powers: [], isChargeUser: 1 } as unknown as SessionUserInfo);
  vi.stubGlobal('fetch', async (url: string) => {
    const path = String(url);
    const answer = (data: unknown) => new Response(JSON.stringify({ success: true, message: '', data }), { status: 200 });
    if (path.includes('getByCode') && path.includes('order_sign_required')) return signSetting();
    if (path.includes('/detailcontrol/forminfo')) return answer({ fields: [] });
    return answer(null);
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setSessionUser(null);
});

const setting = (value: string) => new Response(JSON.stringify({ success: true, message: '', data: { code: 'order_sign_required', value } }), { status: 200 });
const save = () => screen.getByRole('button', { name: /保存待同步/ });

/** After a click on 保存待同步 without a signature: nothing queued, and 请客户签名 under the pad. */
async function expectSignatureAsked(why: string) {
  const asked = () => screen.queryByText('请客户签名') !== null;
  await vi.waitFor(() => expect(vi.mocked(putOp).mock.calls.length > 0 || asked(), 'neither queued nor asked').toBe(true));
  expect(vi.mocked(putOp), why).not.toHaveBeenCalled();
  expect(asked()).toBe(true);
}

describe('the offline 完成服务 and the signature setting', () => {
  it('asks for the signature while the setting has not answered, and still when it says one is required', async () => {
    const held = deferred();
    signSetting = async () => {
      await held.promise;
      return setting('1');
    };
    renderWithApp(<OfflineCompleteDialog d={order} ability="serviceComplete" onClose={() => {}} onDone={() => {}} />);
    fireEvent.change(await screen.findByLabelText('备注'), { target: { value: '已更换压缩机' } });
    fireEvent.click(save());
    await expectSignatureAsked('queued without the signature before the setting was known');
    await act(async () => held.resolve());
    fireEvent.click(save());
    await expectSignatureAsked('queued without the signature the setting requires');
  });

  it('asks for the signature when the setting cannot be read (offline, no copy kept)', async () => {
    let failed = false;
    signSetting = async () => {
      failed = true;
      throw new TypeError('Failed to fetch');
    };
    renderWithApp(<OfflineCompleteDialog d={order} ability="serviceComplete" onClose={() => {}} onDone={() => {}} />);
    fireEvent.change(await screen.findByLabelText('备注'), { target: { value: '已更换压缩机' } });
    await vi.waitFor(() => expect(failed).toBe(true));
    await act(async () => {}); // the failed read settles in the query
    fireEvent.click(save());
    await expectSignatureAsked('queued without the signature the setting may require');
    expect(screen.getByText('客户签名').closest('label')?.className).toContain('required');
  });

  it('queues the completion without a signature once the setting says none is needed', async () => {
    signSetting = async () => setting('0');
    const onDone = vi.fn();
    renderWithApp(<OfflineCompleteDialog d={order} ability="serviceComplete" onClose={() => {}} onDone={onDone} />);
    fireEvent.change(await screen.findByLabelText('备注'), { target: { value: '已更换压缩机' } });
    await vi.waitFor(() => expect(screen.getByText('客户签名').closest('label')?.className).not.toContain('required'));
    fireEvent.click(save());
    await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(vi.mocked(putOp)).toHaveBeenCalledWith(
      expect.objectContaining({ orderId: 5, signature: null, body: expect.objectContaining({ note: '已更换压缩机' }) }),
    );
  });
});
