// 留言: 发送 waits for the files under way, so a message cannot go without them.
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chooseFile, deferred, expectHeldBack, holdUploads, renderWithApp, uploadUnderWay } from '../../../../components/testing';
import { MessagesTab } from './MessagesTab';

vi.setConfig({ testTimeout: 30_000 }); // antd in jsdom is slow on a shared machine

let sent: unknown[] = [];
beforeEach(() => {
  sent = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const path = String(url);
    const answer = (data: unknown) => new Response(JSON.stringify({ success: true, message: '', data }), { status: 200 });
    if (path.includes('/v2/order/addMessage')) {
      sent.push(JSON.parse(String(init?.body)));
      return answer(null);
    }
    if (path.includes('/v2/order/messageList')) return answer({ list: [], count: 0 });
    return answer(null);
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('留言 with a file still uploading', () => {
  it('sends nothing while the file goes up (文件上传中，请稍候), and the file once it is up', async () => {
    const held = deferred();
    holdUploads(held.promise);
    renderWithApp(<MessagesTab orderId={5} />);
    fireEvent.change(await screen.findByLabelText('留言内容'), { target: { value: '现场照片见附件' } });
    chooseFile(new File(['%PDF'], '报价单.pdf', { type: 'application/pdf' }));
    await vi.waitFor(() => expect(uploadUnderWay()).toBe(true));
    const send = () => screen.getByRole('button', { name: /发\s?送/ });
    fireEvent.click(send());
    await expectHeldBack(sent);
    await act(async () => held.resolve());
    await vi.waitFor(() => expect(uploadUnderWay()).toBe(false));
    fireEvent.click(send());
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ orderId: 5, content: '现场照片见附件', fileIds: [31] });
  });
});
