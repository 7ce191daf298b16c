import { Input, Modal, Radio, Space, Timeline, Typography } from 'antd';
import { useState } from 'react';
import { EmptyState } from '../../../components';
import { labelOf } from '../options';

export interface StateLog {
  fromState: number | null;
  toState: number;
  note: string | null;
  userName: string | null;
  create_time: string;
}

/** The contract's state changes, oldest first. */
export function StateTimeline({ logs, states }: { logs: StateLog[]; states: Record<number, string> }) {
  if (!logs.length) return <EmptyState description="暂无记录" />;
  return (
    <Timeline
      items={logs.map((l, i) => ({
        key: `${l.create_time}-${i}`,
        content: (
          <Space orientation="vertical" size={0}>
            <span>
              {l.userName ?? '系统'}：{l.fromState == null ? '创建' : `${labelOf(states, l.fromState)} → `}
              {l.fromState == null ? `（${labelOf(states, l.toState)}）` : labelOf(states, l.toState)}
            </span>
            {l.note ? <Typography.Text type="secondary">{l.note}</Typography.Text> : null}
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {l.create_time}
            </Typography.Text>
          </Space>
        ),
      }))}
    />
  );
}

/** The approval of a sales contract: 通过 or 退回 with an optional opinion. */
export function ExamineDialog({
  open,
  onClose,
  onSubmit,
}: {
  open: boolean;
  onClose: () => void;
  onSubmit: (pass: boolean, note: string | null) => Promise<unknown>;
}) {
  const [pass, setPass] = useState(true);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const ok = async () => {
    setBusy(true);
    try {
      await onSubmit(pass, note.trim() || null);
      onClose();
    } catch {
      // shown by the request client
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open={open} title="审批合同" okText="确定" cancelText="取消" onOk={ok} confirmLoading={busy} onCancel={onClose} destroyOnHidden>
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Radio.Group value={pass} onChange={(e) => setPass(e.target.value)}>
          <Radio value={true}>通过</Radio>
          <Radio value={false}>退回</Radio>
        </Radio.Group>
        <Input.TextArea rows={3} maxLength={200} value={note} onChange={(e) => setNote(e.target.value)} placeholder="审批意见（选填）" aria-label="审批意见" />
      </Space>
    </Modal>
  );
}
