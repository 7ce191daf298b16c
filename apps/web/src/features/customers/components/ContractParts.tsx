import { App, Button, Card, Descriptions, Input, Modal, Radio, Space, Timeline, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components';
import { ExtFieldView } from '../../../components/forms';
import { customerPath, labelOf, money } from '../options';

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

/** What both contract kinds' detail pages show the same way. */
export interface ContractHead {
  name: string;
  contractNo: string;
  customerId: number;
  customerName: string;
  amount: number;
  createUserName: string | null;
  create_time: string;
  remark: string | null;
  extFields: unknown[];
  logs: StateLog[];
  abilities: { edit: boolean; delete: boolean };
}

/**
 * A contract's detail page: the head card (name, state, 编辑 / the kind's actions / 删除 with its confirm, the shared data
 * and the kind's own dates), the kind's products card, and the state history.
 */
export function ContractDetailFrame({
  c,
  state,
  actions,
  dates,
  products,
  historyTitle,
  states,
  onEdit,
  onDelete,
  children,
}: {
  c: ContractHead;
  state: ReactNode;
  actions: ReactNode;
  /** The kind's own date line: 服务期限 or 签订日期. */
  dates: { label: string; value: ReactNode };
  products: ReactNode;
  historyTitle: string;
  states: Record<number, string>;
  onEdit: () => void;
  onDelete: () => Promise<unknown>;
  /** Dialogs the page opens. */
  children?: ReactNode;
}) {
  const { modal } = App.useApp();
  const remove = () =>
    modal.confirm({
      title: '删除合同',
      content: `确认删除合同“${c.name}”吗？`,
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () => onDelete().catch(() => {}),
    });
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Card
        size="small"
        title={
          <Space>
            {c.name}
            {state}
          </Space>
        }
        extra={
          <Space>
            {c.abilities.edit ? <Button onClick={onEdit}>编辑</Button> : null}
            {actions}
            {c.abilities.delete ? (
              <Button danger onClick={remove}>
                删除
              </Button>
            ) : null}
          </Space>
        }
      >
        <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }}>
          <Descriptions.Item label="合同编号">{c.contractNo}</Descriptions.Item>
          <Descriptions.Item label="客户">
            <Link to={customerPath(c.customerId)}>{c.customerName}</Link>
          </Descriptions.Item>
          <Descriptions.Item label={dates.label}>{dates.value}</Descriptions.Item>
          <Descriptions.Item label="合同金额">{money(c.amount)}</Descriptions.Item>
          <Descriptions.Item label="创建人">{c.createUserName ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="创建时间">{c.create_time}</Descriptions.Item>
          <Descriptions.Item label="备注" span="filled">
            {c.remark || '—'}
          </Descriptions.Item>
        </Descriptions>
        <ExtFieldView fields={c.extFields as never} title="自定义字段" />
      </Card>
      {products}
      <Card size="small" title={historyTitle}>
        <StateTimeline logs={c.logs} states={states} />
      </Card>
      {children}
    </Space>
  );
}
