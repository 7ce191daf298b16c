import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { IMPORT_KINDS, type ImportKind } from '@sk/shared/customers/customers.constants';
import type { CustomerImportResult } from '@sk/shared/customers/import.contract';
import { Alert, Button, Modal, Space, Steps, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { EmptyState, toast } from '../../../components';
import { customerImportContract, templateUrl, uploadImport } from '../api';

export interface ImportDialogProps {
  open: boolean;
  kind: ImportKind;
  onClose: () => void;
  /** Rows were written: the list reloads. */
  onImported?: () => void;
}

type Stage = { step: 'choose' } | { step: 'checked'; result: CustomerImportResult } | { step: 'done'; result: CustomerImportResult };

/** The summary line of a dry run or an import. */
export function summary(stage: Stage): string | null {
  if (stage.step === 'choose') return null;
  const r = stage.result;
  if (stage.step === 'done') return `导入完成：成功导入${r.imported}行${r.errors.length ? `，${r.errors.length}行有错误未导入` : ''}`;
  return `共${r.total}行，可导入${r.valid}行${r.errors.length ? `，${r.errors.length}行有错误` : ''}`;
}

function Errors({ result }: { result: CustomerImportResult }) {
  if (!result.errors.length) return null;
  return (
    <Table
      size="small"
      rowKey={(e) => `${e.row}-${e.reason}`}
      dataSource={result.errors}
      pagination={result.errors.length > 8 ? { pageSize: 8, showSizeChanger: false } : false}
      locale={{ emptyText: <EmptyState /> }}
      columns={[
        { key: 'row', dataIndex: 'row', title: '行号', width: 80 },
        { key: 'reason', dataIndex: 'reason', title: '错误原因' },
      ]}
      data-testid="import-errors"
    />
  );
}

/** xlsx import: download the template, a dry run listing every bad row with its reason, then the import of the good rows. */
export function ImportDialog({ open, kind, onClose, onImported }: ImportDialogProps) {
  const [file, setFile] = useState<File | null>(null);
  const [stage, setStage] = useState<Stage>({ step: 'choose' });
  const [busy, setBusy] = useState(false);
  const name = IMPORT_KINDS[kind];

  const close = () => {
    setFile(null);
    setStage({ step: 'choose' });
    onClose();
  };
  const run = async (write: boolean) => {
    if (!file) return toast.warning('请选择要导入的文件');
    setBusy(true);
    try {
      const r = await uploadImport(write ? customerImportContract.save : customerImportContract.check, kind, file);
      setStage({ step: write ? 'done' : 'checked', result: r.data });
      if (write) {
        toast.success(r.message || '导入成功');
        onImported?.();
      }
    } catch {
      // shown by uploadImport
    } finally {
      setBusy(false);
    }
  };

  const checked = stage.step === 'checked' ? stage.result : null;
  const footer = (
    <Space>
      <Button onClick={close}>{stage.step === 'done' ? '关闭' : '取消'}</Button>
      {stage.step === 'done' ? null : (
        <Button onClick={() => run(false)} loading={busy && !checked} disabled={!file}>
          校验数据
        </Button>
      )}
      {stage.step === 'done' ? null : (
        <Button type="primary" onClick={() => run(true)} loading={busy && !!checked} disabled={!checked || checked.valid === 0}>
          导入{checked ? `（${checked.valid}行）` : ''}
        </Button>
      )}
    </Space>
  );
  const text = summary(stage);
  const result = stage.step === 'choose' ? null : stage.result;

  return (
    <Modal open={open} title={`导入${name}`} width={720} onCancel={close} footer={footer} destroyOnHidden>
      <Steps
        size="small"
        current={stage.step === 'choose' ? (file ? 1 : 0) : 2}
        items={[{ title: '下载模板' }, { title: '上传并校验' }, { title: '导入' }]}
        style={{ marginBottom: 16 }}
      />
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Typography.Text>
          请按模板填写后上传（仅支持 .xlsx）。
          <a href={templateUrl(kind)} download>
            <DownloadOutlined /> 下载{name}导入模板
          </a>
        </Typography.Text>
        <Upload.Dragger
          accept=".xlsx"
          maxCount={1}
          beforeUpload={(f) => {
            if (!/\.xlsx$/i.test(f.name)) {
              toast.error('请上传.xlsx格式的文件');
              return Upload.LIST_IGNORE;
            }
            setFile(f);
            setStage({ step: 'choose' });
            return false;
          }}
          onRemove={() => {
            setFile(null);
            setStage({ step: 'choose' });
          }}
          fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">点击或拖拽文件到此处</p>
        </Upload.Dragger>
        {text && result ? <Alert type={result.errors.length ? 'warning' : 'success'} showIcon title={text} data-testid="import-summary" /> : null}
        {result ? <Errors result={result} /> : null}
      </Space>
    </Modal>
  );
}
