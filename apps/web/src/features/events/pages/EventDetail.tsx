import { ArrowLeftOutlined, CopyOutlined, FileAddOutlined } from '@ant-design/icons';
import { ORDER_STATES } from '@sk/shared/orders/orders.constants';
import { orderContract } from '@sk/shared/orders/orders.contract';
import { EVENT_POWERS } from '@sk/shared/events/events.contract';
import type { EventAction } from '@sk/shared/events/event.machine';
import type { EventDetail as Detail, EventMessage } from '@sk/shared/events/events.contract';
import { App, Button, Card, Descriptions, Input, Space, Spin, Tag, Timeline, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { EmptyState, FileLink } from '../../../components';
import { ExtFieldView } from '../../../components/forms';
import { call } from '../../../lib/api';
import { invalidate, useApi } from '../../../lib/query';
import { useCan } from '../../../lib/session';
import { ACTION_ENDPOINT, actionLabel, eventContract, priorityLabel, stateOf } from '../api';
import { ActionDialog, ASKING } from '../components/ActionDialog';
import { customerPath } from '../../customers';
import '../events.css';
import { EventSlaClocks, SlaMarkTag } from '../../sla';

const PEOPLE: [keyof Detail, string][] = [
  ['creator', '创建'],
  ['dispatcher', '分配'],
  ['principal', '负责人'],
  ['upgrade', '升级'],
  ['start', '开始处理'],
  ['complete', '完成'],
  ['closed', '关闭'],
];

/** The order the event became (association type 2), with its current state. */
function LinkedOrder({ order, eventOpen }: { order: NonNullable<Detail['order']>; eventOpen: boolean }) {
  const st = ORDER_STATES[order.state as keyof typeof ORDER_STATES];
  return (
    <Space size={4} wrap data-testid="linked-order">
      <Link to={`/allOrder/orderDetail/${order.id}`}>{order.orderNo}</Link>
      {st ? <Tag color={st.color}>{st.label}</Tag> : null}
      {/* The event does not follow its order: say what is left to do. */}
      {eventOpen ? <Typography.Text type="secondary">{order.state === 5 ? '工单已完成，可完成本事件' : '工单完成后请完成本事件'}</Typography.Text> : null}
    </Space>
  );
}

function Actions({ d, onDone }: { d: Detail; onDone: () => void }) {
  const [asking, setAsking] = useState<EventAction | null>(null);
  const [busy, setBusy] = useState<EventAction | null>(null);
  const run = (a: EventAction) => {
    if (ASKING[a]) return setAsking(a);
    setBusy(a);
    call(ACTION_ENDPOINT[a], { id: d.id, expected: d.state }, { successToast: true })
      .then(onDone, () => {})
      .finally(() => setBusy(null));
  };
  if (d.abilities.length === 0) return null;
  return (
    <div className="sk-event-actions">
      {d.abilities.map((a, i) => (
        <Button key={a} type={i === 0 ? 'primary' : 'default'} danger={a === 'close'} loading={busy === a} onClick={() => run(a)}>
          {actionLabel(a)}
        </Button>
      ))}
      <ActionDialog
        eventId={d.id}
        action={asking}
        expected={d.state}
        onClose={() => setAsking(null)}
        onDone={() => {
          setAsking(null);
          onDone();
        }}
      />
    </div>
  );
}

function payloadText(m: EventMessage): React.ReactNode {
  if (m.eventType === 'action') return <b>{actionLabel(String(m.action))}</b>;
  if (m.eventType === 'text') return String(m.payload);
  const f = m.payload as { id?: number; name?: string; url?: string } | null;
  if ((m.eventType === 'image' || m.eventType === 'file') && f?.url) return <FileLink url={f.url} name={f.name ?? '附件'} />;
  return JSON.stringify(m.payload);
}

/** The flow: actions and conversation, with a box to write; my own entries can be deleted. */
function Flow({ eventId }: { eventId: number }) {
  const { modal } = App.useApp();
  const flow = useApi(eventContract.messageList, { eventId });
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const send = () => {
    setSending(true);
    call(eventContract.addMessage, { eventId, eventType: 'text', payload: text }, { successToast: false })
      .then(
        () => setText(''),
        () => {},
      )
      .finally(() => setSending(false));
  };
  const remove = (m: EventMessage) =>
    modal.confirm({
      title: '删除消息',
      content: '确认删除这条消息吗？',
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () => call(eventContract.delMessage, { id: m.id }, { successToast: true }).catch(() => {}),
    });
  return (
    <Card title="事件流程" size="small" className="sk-event-flow">
      {flow.isLoading ? <Spin /> : null}
      <Timeline
        items={(flow.data ?? []).map((m) => ({
          key: m.id,
          color: m.eventType === 'action' ? 'blue' : 'gray',
          children: (
            <div>
              <div>
                {payloadText(m)}
                {m.note ? <span>：{m.note}</span> : null}
              </div>
              <div className="sk-event-flow-meta">
                {m.userName ?? '系统'} · {m.createtime}
                {m.mine ? (
                  <Button type="link" size="small" danger onClick={() => remove(m)}>
                    删除
                  </Button>
                ) : null}
              </div>
            </div>
          ),
        }))}
      />
      <Space.Compact style={{ width: '100%' }}>
        <Input
          placeholder="输入处理记录或备注"
          value={text}
          maxLength={2000}
          onChange={(e) => setText(e.target.value)}
          onPressEnter={() => text.trim() && send()}
        />
        <Button type="primary" loading={sending} disabled={!text.trim()} onClick={send}>
          发送
        </Button>
      </Space.Compact>
    </Card>
  );
}

/** 事件详情: the record, its people and times, the buttons its abilities allow, and the flow. */
export default function EventDetail() {
  const { eventId } = useParams();
  const id = Number(eventId);
  const navigate = useNavigate();
  const can = useCan();
  const q = useApi(eventContract.detailed, { id }, { enabled: Number.isInteger(id) && id > 0 });
  const d = q.data;
  if (q.isError) return <EmptyState description="事件不存在或已被删除" />;
  if (!d) return <Spin style={{ margin: 48 }} />;
  const st = stateOf(d.state);
  return (
    <Space direction="vertical" style={{ width: '100%' }} size={12}>
      <Card
        size="small"
        title={
          <Space wrap>
            <Button type="text" icon={<ArrowLeftOutlined />} onClick={() => navigate(-1)} aria-label="返回" />
            <span>{d.title}</span>
            <Tag color={st.color}>{st.label}</Tag>
            <SlaMarkTag mark={d.slaMark} />
          </Space>
        }
        extra={
          <Space>
            {d.orderId == null && d.flags.close_state === 0 && can(orderContract.add.power) ? (
              <Button size="small" icon={<FileAddOutlined />} onClick={() => navigate(`/createOrder?eventId=${d.id}`)}>
                转工单
              </Button>
            ) : null}
            {can(EVENT_POWERS.create) ? (
              <Button size="small" icon={<CopyOutlined />} onClick={() => navigate(`/Myevent/copyeventDetail/${d.id}`)}>
                复制
              </Button>
            ) : null}
          </Space>
        }
      >
        <Actions d={d} onDone={() => invalidate(eventContract.detailed)} />
        <EventSlaClocks eventId={d.id} />
        <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }} style={{ marginTop: 12 }}>
          <Descriptions.Item label="事件编号">{d.eventNo}</Descriptions.Item>
          {d.order ? (
            <Descriptions.Item label="关联工单">
              <LinkedOrder order={d.order} eventOpen={d.state !== 6 && d.state !== 7} />
            </Descriptions.Item>
          ) : null}
          <Descriptions.Item label="事件模板">{d.templateName ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="优先级">{priorityLabel(d.priority)}</Descriptions.Item>
          <Descriptions.Item label="客户">{d.customerId ? <Link to={customerPath(d.customerId)}>{d.customName}</Link> : '—'}</Descriptions.Item>
          <Descriptions.Item label="联系人">{[d.customLinkperson, d.customPhone].filter(Boolean).join(' ') || '—'}</Descriptions.Item>
          <Descriptions.Item label="地址">{[d.address, d.mapName].filter(Boolean).join(' ') || '—'}</Descriptions.Item>
          <Descriptions.Item label="产品">{d.customerProductName ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="服务项目">{d.serviceName ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="事件标签">{d.tags.length ? d.tags.map((t) => <Tag key={t.id}>{t.name}</Tag>) : '—'}</Descriptions.Item>
          <Descriptions.Item label="事件描述" span="filled">
            {d.description || '—'}
          </Descriptions.Item>
          {d.attachments.length ? (
            <Descriptions.Item label="附件" span="filled">
              <Space wrap>
                {d.attachments.map((f) => (
                  <FileLink key={f.id} url={f.url} name={f.name} />
                ))}
              </Space>
            </Descriptions.Item>
          ) : null}
          {d.upgradeReason ? <Descriptions.Item label="升级原因">{d.upgradeReason}</Descriptions.Item> : null}
          {d.pauseReason && d.state === 5 ? <Descriptions.Item label="暂停原因">{d.pauseReason}</Descriptions.Item> : null}
          {d.closeReason && d.state === 7 ? <Descriptions.Item label="关闭原因">{d.closeReason}</Descriptions.Item> : null}
        </Descriptions>
        <ExtFieldView fields={d.extFields as never} title="自定义字段" />
        <Descriptions size="small" title="处理人员" column={{ xs: 1, md: 2, xl: 4 }} style={{ marginTop: 12 }}>
          {PEOPLE.map(([k, label]) => {
            const p = d[k] as Detail['creator'];
            return p ? (
              <Descriptions.Item key={k} label={label}>
                {p.name}
                {p.time && k !== 'principal' ? <span className="sk-event-flow-meta sk-event-time">{p.time}</span> : null}
              </Descriptions.Item>
            ) : null;
          })}
          {d.collaborators.length ? <Descriptions.Item label="协作人">{d.collaborators.map((c) => c.name).join('、')}</Descriptions.Item> : null}
        </Descriptions>
      </Card>
      <Flow eventId={d.id} />
    </Space>
  );
}
