// 复制项目: 保存 waits for the template's custom fields, so a copy cannot go without them (and the source's values),
// and for their files under way.
import type { SessionUserInfo } from '@sk/shared/account/account.contract';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { field } from '../../../components/forms/testFields';
import { type ApiRequest, chooseFile, deferred, expectHeldBack, holdUploads, renderWithApp, stubApi, uploadUnderWay } from '../../../components/testing';
import { setSessionUser } from '../../../lib/session';
import NewProject from './NewProject';

vi.setConfig({ testTimeout: 60_000 }); // antd in jsdom is slow on a shared machine, and the copy renders its fields twice

const source = { id: 3, project_no: 'XM0003', name: '机房改造', templateId: 7, customerId: null, ext: { '11': 'HT-2026-01' } };
let fieldsHeld: Promise<void> = Promise.resolve();
/** The template's custom fields beside 合同编号. */
let moreFields: unknown[] = [];
let sent: unknown[] = [];
let asked: string[] = [];
beforeEach(() => {
  sent = [];
  fieldsHeld = Promise.resolve();
  moreFields = [];
  setSessionUser({ id: 3, name: '管理员', sysrole: 3, admin: true, powers: [], isChargeUser: 1 } as unknown as SessionUserInfo);
  asked = stubApi({
    '/project/add': (r: ApiRequest) => {
      sent.push(r.body);
      return { id: 4, project_no: 'XM0004', project_state: 0 };
    },
    '/project/detail': source,
    '/project/tmpl/list': [{ id: 7, name: '机房项目' }],
    '/detailcontrol/list': async () => {
      await fieldsHeld;
      return { templateId: 7, templateName: '机房项目', type: 10, versionId: 1, version: 1, fields: [field(11, '合同编号', 1), ...moreFields] };
    },
  }).asked;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setSessionUser(null);
});

describe('复制项目’s save', () => {
  it('sends nothing while the template’s custom fields load, and the copied values once they have', async () => {
    const held = deferred();
    fieldsHeld = held.promise;
    renderWithApp(
      <Routes>
        <Route path="/allproject/copyProjectDetail/:id" element={<NewProject />} />
      </Routes>,
      '/allproject/copyProjectDetail/3',
    );
    const save = () => screen.getByRole('button', { name: /保\s?存/ });
    expect(await screen.findByDisplayValue('机房改造（复制）')).toBeTruthy();
    // The copy's template is shown and its fields asked for: a user's click now.
    await vi.waitFor(() => expect(asked.some((a) => a.includes('/detailcontrol/list'))).toBe(true));
    fireEvent.click(save());
    held.resolve();
    expect(await screen.findByDisplayValue('HT-2026-01')).toBeTruthy();
    expect(sent, 'saved before the custom fields had loaded').toEqual([]);
    await vi.waitFor(() => expect(save()).toHaveProperty('disabled', false));
    fireEvent.click(save());
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ name: '机房改造（复制）', templateId: 7, copiedFrom: 3, ext: { '11': 'HT-2026-01' } });
  });
});

describe('复制项目’s save with a file still uploading', () => {
  it('sends nothing while a custom field’s file goes up (文件上传中，请稍候), and the file once it is up', async () => {
    moreFields = [field(12, '合同扫描件', 15)];
    const held = deferred();
    holdUploads(held.promise);
    renderWithApp(
      <Routes>
        <Route path="/allproject/copyProjectDetail/:id" element={<NewProject />} />
      </Routes>,
      '/allproject/copyProjectDetail/3',
    );
    const save = () => screen.getByRole('button', { name: /保\s?存/ });
    chooseFile(new File(['%PDF'], '合同.pdf', { type: 'application/pdf' }), await screen.findByLabelText('合同扫描件'));
    await vi.waitFor(() => expect(uploadUnderWay()).toBe(true));
    await vi.waitFor(() => expect(save()).toHaveProperty('disabled', false));
    fireEvent.click(save());
    await expectHeldBack(sent);
    await act(async () => held.resolve());
    await vi.waitFor(() => expect(uploadUnderWay()).toBe(false));
    fireEvent.click(save());
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ templateId: 7, copiedFrom: 3, ext: { '11': 'HT-2026-01', '12': [31] } });
  });
});
