import { Form, Input, Modal, Radio } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { toast } from '../toast';

export const EXPORT_EMPTY = '导出数据不能为空';
export const EXPORT_NONE_SELECTED = '未选中数据';
export const EXPORT_STARTED = '导出任务已创建，请到下载中心查看';

/** 当前页, 选中行, or every row the current filters match (the download centre runs the list's query again). */
export type ExportScope = 'page' | 'selected' | 'all';

/** Default export file name: the page's name and today's date ('全部项目数据2024-05-01'). */
export const defaultExportName = (name: string, now = dayjs()): string => `${name}${now.format('YYYY-MM-DD')}`;

export interface ExportDialogProps {
  open: boolean;
  /** The page's name; the file name defaults to it plus the current date. */
  name: string;
  pageCount: number;
  selectedCount: number;
  /** Rows the current filters match; set when the list offers 全部筛选结果. */
  totalCount?: number;
  onCancel: () => void;
  /** Starts the export (a download-centre job); the dialog closes when it resolves. */
  onExport: (fileName: string, scope: ExportScope) => Promise<unknown>;
}

/** Export dialog: file name plus 当前页, 选中行 or (where the list offers it) 全部筛选结果, with the spec's warnings for nothing to export. */
export function ExportDialog({ open, name, pageCount, selectedCount, totalCount, onCancel, onExport }: ExportDialogProps) {
  const [fileName, setFileName] = useState('');
  const [scope, setScope] = useState<ExportScope>('page');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!open) return;
    setFileName(defaultExportName(name));
    // What users mean by 导出 is every result of the filter; the page or the selection only when they chose rows.
    setScope(selectedCount > 0 ? 'selected' : totalCount !== undefined ? 'all' : 'page');
  }, [open, name, selectedCount, totalCount]);

  const submit = async () => {
    if (scope === 'page' && pageCount === 0) return toast.warning(EXPORT_EMPTY);
    if (scope === 'selected' && selectedCount === 0) return toast.warning(EXPORT_NONE_SELECTED);
    if (scope === 'all' && !totalCount) return toast.warning(EXPORT_EMPTY);
    const trimmed = fileName.trim();
    if (!trimmed) return toast.warning('请输入文件名');
    setBusy(true);
    try {
      await onExport(trimmed, scope);
      toast.success(EXPORT_STARTED);
      onCancel();
    } catch {
      // the request client has shown the reason; keep the dialog open
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open={open} title="导出数据" okText="导出" onOk={submit} onCancel={onCancel} confirmLoading={busy} destroyOnHidden>
      <Form layout="vertical">
        <Form.Item label="文件名" required>
          <Input value={fileName} maxLength={100} onChange={(e) => setFileName(e.target.value)} aria-label="文件名" />
        </Form.Item>
        <Form.Item label="导出范围">
          <Radio.Group value={scope} onChange={(e) => setScope(e.target.value)}>
            <Radio value="page">当前页数据</Radio>
            <Radio value="selected">选中行数据（{selectedCount}）</Radio>
            {totalCount !== undefined && <Radio value="all">全部筛选结果（{totalCount}）</Radio>}
          </Radio.Group>
        </Form.Item>
      </Form>
    </Modal>
  );
}
