import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { ConfigProvider, Form, Input } from 'antd';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AttachmentsField } from './forms/fields/AttachmentsField';
import { RecordFormDialog } from './RecordFormDialog';
import { chooseFile, deferred, holdUploads, renderWithApp, uploadUnderWay } from './testing';
import { toast } from './toast';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

type Values = { name: string };

/** The dialog as a page uses it: open until it asks to close. */
function Harness({ onSubmit, initial, onClose }: { onSubmit: (v: Values) => Promise<unknown>; initial?: Partial<Values>; onClose?: () => void }) {
  const [open, setOpen] = useState(true);
  return (
    <RecordFormDialog<Values>
      open={open}
      title="新建分类"
      initialValues={initial}
      onSubmit={onSubmit}
      onClose={() => {
        onClose?.();
        setOpen(false);
      }}
    >
      <Form.Item name="name" label="分类名称" rules={[{ required: true, whitespace: true, message: '请输入分类名称' }]}>
        <Input />
      </Form.Item>
    </RecordFormDialog>
  );
}

const ok = () => screen.getByRole('button', { name: /保\s*存/ });
const dialogShown = () => screen.queryByText('新建分类') !== null;

describe('RecordFormDialog', () => {
  it('refuses a missing required field without calling onSubmit', async () => {
    const onSubmit = vi.fn(() => Promise.resolve());
    renderWithApp(<Harness onSubmit={onSubmit} />);
    fireEvent.click(ok());
    expect(await screen.findByText('请输入分类名称')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(dialogShown()).toBe(true);
  });

  it('passes the values, is busy while pending, and closes on success', async () => {
    const d = deferred();
    const onSubmit = vi.fn(() => d.promise);
    const onClose = vi.fn();
    renderWithApp(<Harness onSubmit={onSubmit} initial={{ name: '空调' }} onClose={onClose} />);
    fireEvent.change(screen.getByLabelText('分类名称'), { target: { value: '冰箱' } });
    fireEvent.click(ok());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ name: '冰箱' }));
    await waitFor(() => expect(ok().className).toContain('ant-btn-loading'));
    expect(onClose).not.toHaveBeenCalled();
    await act(async () => d.resolve());
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it('stays open with the typed values when the save is refused', async () => {
    const d = deferred();
    const onSubmit = vi.fn(() => d.promise);
    const onClose = vi.fn();
    renderWithApp(<Harness onSubmit={onSubmit} initial={{ name: '空调' }} onClose={onClose} />);
    fireEvent.click(ok());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ name: '空调' }));
    await act(async () => d.reject(new Error('名称已存在')));
    await waitFor(() => expect(ok().className).not.toContain('ant-btn-loading'));
    expect((screen.getByLabelText('分类名称') as HTMLInputElement).value).toBe('空调');
    expect(onClose).not.toHaveBeenCalled();
    expect(dialogShown()).toBe(true);
  });
});

/** One dialog on a page that opens for a new record, then for an existing one (a list's 新增 then 编辑). */
function Reused() {
  const [record, setRecord] = useState<{ name: string; tags: string[] } | 'new' | null>('new');
  return (
    <>
      <button type="button" onClick={() => setRecord({ name: '张三', tags: ['甲', '乙'] })}>
        编辑张三
      </button>
      <RecordFormDialog<{ name: string; tags: string[] }>
        open={record !== null}
        title="人员"
        initialValues={record === 'new' ? { tags: [] } : (record ?? {})}
        onSubmit={async () => {}}
        onClose={() => setRecord(null)}
      >
        <Form.Item name="name" label="姓名">
          <Input />
        </Form.Item>
        <Form.Item name="tags" label="标签">
          <TagsText />
        </Form.Item>
      </RecordFormDialog>
    </>
  );
}
const TagsText = ({ value }: { value?: string[] }) => <output aria-label="标签值">{(value ?? []).join('、')}</output>;

describe('RecordFormDialog reused for another record', () => {
  it('starts from the new record’s values, not what the previous opening left', async () => {
    // Without motion the closing dialog unmounts its form at once, as it does in a browser when the animation ends.
    renderWithApp(
      <ConfigProvider theme={{ token: { motion: false } }}>
        <Reused />
      </ConfigProvider>,
    );
    fireEvent.change(screen.getByLabelText('姓名'), { target: { value: '临时输入' } });
    fireEvent.click(screen.getByRole('button', { name: /取\s*消/ }));
    await waitFor(() => expect(screen.queryByLabelText('姓名')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: '编辑张三' }));
    await waitFor(() => expect((screen.getByLabelText('姓名') as HTMLInputElement).value).toBe('张三'));
    expect(screen.getByLabelText('标签值').textContent).toBe('甲、乙');
  });
});

describe('RecordFormDialog with a file still uploading', () => {
  it('saves nothing until the upload has answered (文件上传中，请稍候), then saves with the file', async () => {
    const held = deferred();
    holdUploads(held.promise);
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ success: true, message: '', data: null }), { status: 200 }));
    const warn = vi.spyOn(toast, 'warning');
    const onSubmit = vi.fn(() => Promise.resolve());
    renderWithApp(
      <RecordFormDialog<{ attachments?: number[] }> open title="新增公告" onSubmit={onSubmit} onClose={() => {}}>
        <Form.Item name="attachments" label="附件">
          <AttachmentsField />
        </Form.Item>
      </RecordFormDialog>,
    );
    chooseFile(new File(['%PDF'], '报价单.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(uploadUnderWay()).toBe(true));
    fireEvent.click(ok());
    await act(async () => held.resolve());
    await waitFor(() => expect(uploadUnderWay()).toBe(false));
    expect(onSubmit, 'saved while the file was still uploading').not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledWith('文件上传中，请稍候');
    fireEvent.click(ok());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ attachments: [31] }));
  });
});
