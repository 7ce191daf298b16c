// 留言: 发送 waits for the files under way, so a message cannot go without them.
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiRequest, chooseFile, deferred, expectHeldBack, holdUploads, renderWithApp, stubApi, uploadUnderWay } from '../../../../components/testing';
import { MessagesTab } from './MessagesTab';

vi.setConfig({ testTimeout: 30_000 }); // antd in jsdom is slow on a shared machine

let sent: unknown[] = [];
beforeEach(() => {
  sent = [];
  stubApi(
    {
      '/v2/order/addMessage': (r: ApiRequest) => {
        sent.push(r.body);
        return null;
      },
      '/v2/order/messageList': { list: [], count: 0 },
    },
    null,
  );
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
