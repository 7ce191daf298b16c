// The screen pop (来电弹屏): the seat's user hears `callPop` on the app socket when his seat rings, and sees who calls,
// the customer's products with their warranty, his open orders and events with their SLA clocks (docs/calls.md).
import { CALL_DIRECTIONS, CALL_POP_EVENT, CALL_STATES } from '@sk/shared/calls/calls.constants';
import type { CallPop } from '@sk/shared/calls/calls.contract';
import { customerContract } from '@sk/shared/customers/customers.contract';
import { EVENT_STATES, ORDER_STATES } from '@sk/shared/common/labels';
import { WARRANTY_STATES } from '@sk/shared/customers/customers.constants';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Descriptions, Drawer, Empty, Grid, List, Select, Space, Spin, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ColorTag } from '../../components';
import { call } from '../../lib/api';
import { imHub } from '../../lib/im';
import { apiKey, invalidate, useApi, useApiMutation } from '../../lib/query';
import { useCan } from '../../lib/session';
import { CC, durationText } from './api';

const WARRANTY_COLORS: Record<number, string> = { 0: '#595959', 1: '#237804', 2: '#a8071a', 3: '#1668dc' };

/** The call timer: ticks each second while the call rings or talks, the final duration after. */
function CallTimer({ pop }: { pop: CallPop }) {
  const r = pop.record;
  const live = r.state === 1 || r.state === 2;
  // From the server's count of seconds (no clock or time-zone difference with the browser), then a tick a second.
  const [ticks, setTicks] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new answer (answered, ended) starts the count again.
  useEffect(() => {
    setTicks(0);
    if (!live) return;
    const h = setInterval(() => setTicks((n) => n + 1), 1000);
    return () => clearInterval(h);
  }, [live, pop]);
  return <span data-testid="call-timer">{durationText(live ? pop.elapsed + ticks : r.duration)}</span>;
}

function AttachContact({ id }: { id: number }) {
  const [keyword, setKeyword] = useState('');
  const [picked, setPicked] = useState<number | null>(null);
  const found = useApi(customerContract.epLinkPersonList, { keyword, pageIndex: 0, pageSize: 20 }, { enabled: keyword.length > 0 });
  const attach = useApiMutation(CC.attachContact);
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Select
        showSearch
        style={{ width: '100%' }}
        placeholder="搜索联系人姓名或电话，关联到此号码"
        filterOption={false}
        onSearch={setKeyword}
        value={picked ?? undefined}
        onChange={setPicked}
        notFoundContent={found.isFetching ? <Spin size="small" /> : null}
        options={(found.data ?? []).map((c) => ({ value: c.id, label: `${c.name} ${c.phone}${c.customerName ? `（${c.customerName}）` : ''}` }))}
      />
      <Button type="primary" disabled={!picked} loading={attach.isPending} onClick={() => picked && attach.mutate({ id, contactId: picked })}>
        关联联系人
      </Button>
    </Space.Compact>
  );
}

/** 关联到已有工单: the caller rings about one of his open orders; the call links to it (shown on the order and the records). */
function LinkOrder({ id, orders, linked }: { id: number; orders: CallPop['orders']; linked: number | null }) {
  const [picked, setPicked] = useState<number | null>(null);
  const link = useApiMutation(CC.linkOrder);
  if (!orders.length) return null;
  const choices = orders.filter((o) => o.id !== linked);
  if (!choices.length) return null;
  return (
    <Space.Compact style={{ width: '100%' }} data-testid="call-link-order">
      <Select
        style={{ width: '100%' }}
        placeholder="选择来电所问的未完成工单"
        aria-label="关联工单"
        value={picked ?? undefined}
        onChange={setPicked}
        options={choices.map((o) => ({ value: o.id, label: `${o.orderNo} ${o.title}` }))}
      />
      <Button disabled={!picked} loading={link.isPending} onClick={() => picked && link.mutate({ id, orderId: picked })}>
        关联到已有工单
      </Button>
    </Space.Compact>
  );
}

/** One call's pop: used by the live drawer and by the 呼叫中心 page. */
export function CallPopView({ id, onNavigate }: { id: number; onNavigate?: () => void }) {
  const pop = useApi(CC.recordPop, { id });
  const navigate = useNavigate();
  const can = useCan();
  const done = useApiMutation(CC.callbackDone);
  if (!pop.data) return <Spin />;
  const p = pop.data;
  const r = p.record;
  const state = CALL_STATES[r.state as keyof typeof CALL_STATES];
  // The caller's customer (and contact) travel with the call to the create pages.
  const callQuery = () => {
    const q = new URLSearchParams({ belongCallRecordId: String(r.id) });
    if (p.customer) {
      q.set('customerId', String(p.customer.id));
      q.set('customerName', p.customer.name);
    }
    return q;
  };
  const newEvent = () => {
    onNavigate?.();
    navigate(`/newEvent?${callQuery()}`);
  };
  /** 新建工单 for the caller: his contact, the device (the one named, else his newest) and the call. */
  const newOrder = (productId?: number) => {
    const q = callQuery();
    q.delete('customerName');
    if (p.contact) q.set('contactId', String(p.contact.id));
    const device = productId ?? p.products[0]?.id;
    if (p.customer && device) q.set('customerProductId', String(device));
    onNavigate?.();
    navigate(`/createOrder?${q}`);
  };
  const mayOrder = can('menu_CreateOrder');
  const mayEvent = can('menu_NewEvent');
  const sla = (deadline: string | null, breached: boolean) =>
    deadline || breached ? (
      <Typography.Text type={breached ? 'danger' : 'secondary'}>
        {breached ? 'SLA已超时' : `SLA截止 ${deadline?.slice(5, 16).replace('-', '/')}`}
      </Typography.Text>
    ) : null;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="call-pop">
      <Space wrap>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {r.number}
        </Typography.Title>
        <Tag>{CALL_DIRECTIONS[r.direction as 1 | 2]}</Tag>
        {state && <ColorTag color={state.color}>{state.label}</ColorTag>}
        <CallTimer pop={p} />
      </Space>
      {p.customer ? (
        <Descriptions size="small" column={1} bordered>
          <Descriptions.Item label="客户">
            <Link to={`/allOrder/customerDetail/${p.customer.id}`} onClick={onNavigate}>
              {p.customer.name}
            </Link>
          </Descriptions.Item>
          {p.contact && (
            <Descriptions.Item label="联系人">
              {p.contact.name}
              {p.contact.position ? `（${p.contact.position}）` : ''} {p.contact.phone}
            </Descriptions.Item>
          )}
        </Descriptions>
      ) : (
        <>
          <Typography.Text type="secondary">未识别的号码</Typography.Text>
          <AttachContact id={r.id} />
        </>
      )}
      <Space wrap>
        {mayOrder && (
          <Button type="primary" onClick={() => newOrder()}>
            新建工单
          </Button>
        )}
        {mayEvent && (
          <Button type={mayOrder ? 'default' : 'primary'} onClick={newEvent}>
            新建事件
          </Button>
        )}
        {r.callbackState === 1 && (
          <Button loading={done.isPending} onClick={() => done.mutate({ id: r.id })}>
            标记已回电
          </Button>
        )}
        {r.orderId && (
          <Link to={`/allOrder/orderDetail/${r.orderId}`} onClick={onNavigate} data-testid="call-linked-order">
            已关联工单 {r.orderNo}
          </Link>
        )}
        {r.eventId && (
          <Link to={`/Myevent/eventDetail/${r.eventId}`} onClick={onNavigate}>
            已建事件 {r.eventNo}
          </Link>
        )}
      </Space>
      {!mayOrder && !mayEvent && <Typography.Text type="secondary">您的角色没有新建工单或新建事件的权限，请转给受理客服处理。</Typography.Text>}
      <LinkOrder id={r.id} orders={p.orders} linked={r.orderId} />
      {p.customer && (
        <>
          <Typography.Text strong>设备（{p.products.length}）</Typography.Text>
          <List
            size="small"
            bordered
            dataSource={p.products}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无设备" /> }}
            renderItem={(x) => (
              <List.Item>
                <Space wrap>
                  <span>{x.name}</span>
                  {x.modelName && <Typography.Text type="secondary">{x.modelName}</Typography.Text>}
                  {x.serialNumber && <Typography.Text type="secondary">{x.serialNumber}</Typography.Text>}
                  <ColorTag color={WARRANTY_COLORS[x.warrantyState] ?? '#595959'}>{WARRANTY_STATES[x.warrantyState as 0 | 1 | 2 | 3]}</ColorTag>
                  {x.warrantyEnd && <Typography.Text type="secondary">至 {x.warrantyEnd.replaceAll('-', '/')}</Typography.Text>}
                  {mayOrder && p.products.length > 1 && (
                    <Button size="small" type="link" style={{ padding: 0 }} onClick={() => newOrder(x.id)}>
                      为此设备建单
                    </Button>
                  )}
                </Space>
              </List.Item>
            )}
          />
          <Typography.Text strong>未完成工单（{p.orders.length}）</Typography.Text>
          <List
            size="small"
            bordered
            dataSource={p.orders}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无未完成工单" /> }}
            renderItem={(o) => {
              const s = ORDER_STATES[o.state as keyof typeof ORDER_STATES];
              return (
                <List.Item>
                  <Space wrap>
                    <Link to={`/allOrder/orderDetail/${o.id}`} onClick={onNavigate}>
                      {o.orderNo}
                    </Link>
                    <span>{o.title}</span>
                    {s && <ColorTag color={s.color}>{s.label}</ColorTag>}
                    {sla(o.slaDeadline, o.slaBreached)}
                  </Space>
                </List.Item>
              );
            }}
          />
          <Typography.Text strong>未完成事件（{p.events.length}）</Typography.Text>
          <List
            size="small"
            bordered
            dataSource={p.events}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无未完成事件" /> }}
            renderItem={(e) => {
              const s = EVENT_STATES[e.state as keyof typeof EVENT_STATES];
              return (
                <List.Item>
                  <Space wrap>
                    <Link to={`/Myevent/eventDetail/${e.id}`} onClick={onNavigate}>
                      {e.eventNo}
                    </Link>
                    <span>{e.title}</span>
                    {s && <ColorTag color={s.color}>{s.label}</ColorTag>}
                    {sla(e.slaDeadline, e.slaBreached)}
                  </Space>
                </List.Item>
              );
            }}
          />
        </>
      )}
      {p.history.length > 0 && (
        <Typography.Text type="secondary">
          此号码最近来电：{p.history.map((h) => `${h.startTime.slice(5, 16)} ${CALL_STATES[h.state as keyof typeof CALL_STATES]?.label ?? ''}`).join('；')}
        </Typography.Text>
      )}
    </Space>
  );
}

/** Mounted in the header for users of the call centre: opens the pop when their seat rings. */
export function CallPopListener() {
  const can = useCan();
  const enabled = can('menu_Callcenter');
  const [id, setId] = useState<number | null>(null);
  const qc = useQueryClient();
  const mobile = !Grid.useBreakpoint().md;
  useEffect(() => {
    if (!enabled) return;
    return imHub.subscribe({
      onFrame: (f) => {
        const callRecordId = (f.data as { callRecordId?: number } | null)?.callRecordId;
        if (!callRecordId) return;
        // A call rang, was answered or ended: the seat's state and the records (ListPage keys) change with it.
        void invalidate(CC.recordList, CC.recordCount, CC.seatDetails, CC.seatCollect);
        if (f.eventType === CALL_POP_EVENT) {
          // Load it before the drawer opens, so the agent sees the customer at once.
          void qc.prefetchQuery({ queryKey: apiKey(CC.recordPop, { id: callRecordId }), queryFn: () => call(CC.recordPop, { id: callRecordId }) });
          setId(callRecordId);
        } else if (f.eventType === `${CALL_POP_EVENT}:update`) {
          void qc.invalidateQueries({ queryKey: apiKey(CC.recordPop, { id: callRecordId }) });
        }
      },
    });
  }, [enabled, qc]);
  if (!enabled) return null;
  return (
    <Drawer title="来电弹屏" open={id != null} onClose={() => setId(null)} width={mobile ? '100vw' : 520} destroyOnHidden>
      {id != null && <CallPopView id={id} onNavigate={() => setId(null)} />}
    </Drawer>
  );
}
