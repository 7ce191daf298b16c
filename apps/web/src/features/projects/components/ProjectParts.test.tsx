// 项目文件: 添加到项目 waits for the files under way, so none is left out.
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiRequest, chooseFile, deferred, expectHeldBack, holdUploads, renderWithApp, stubApi, uploadUnderWay } from '../../../components/testing';
import { FilesTab } from './ProjectParts';

vi.setConfig({ testTimeout: 30_000 }); // antd in jsdom is slow on a shared machine

let sent: unknown[] = [];
beforeEach(() => {
  sent = [];
  stubApi({
    '/project/fileUp': (r: ApiRequest) => {
      sent.push(r.body);
      return null;
    },
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('项目文件 with a file still uploading', () => {
  it('adds nothing while the second file goes up (文件上传中，请稍候), and both once it is up', async () => {
    const held = deferred();
    // The first file is up at once (添加到项目 can be clicked); the second waits.
    holdUploads((n) => (n === 0 ? Promise.resolve() : held.promise));
    renderWithApp(<FilesTab projectId={3} />);
    const add = () => screen.getByRole('button', { name: /添加到项目/ });
    chooseFile(new File(['%PDF'], '图纸.pdf', { type: 'application/pdf' }));
    await vi.waitFor(() => expect(add()).toHaveProperty('disabled', false));
    chooseFile(new File(['%PDF'], '合同.pdf', { type: 'application/pdf' }));
    await vi.waitFor(() => expect(uploadUnderWay()).toBe(true));
    fireEvent.click(add());
    await expectHeldBack(sent);
    await act(async () => held.resolve());
    await vi.waitFor(() => expect(uploadUnderWay()).toBe(false));
    fireEvent.click(add());
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ projectId: 3, fileIds: [31, 32] });
  });
});
