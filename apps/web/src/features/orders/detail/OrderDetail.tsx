// /allOrder/orderDetail/:orderId — one work order: its tabs (from GET /order/getOrderTab) and the action buttons its abilities allow.
import type { OrderTabKey } from '@sk/shared/orders/order.detail.contract';
import { ClockCircleOutlined, PhoneOutlined } from '@ant-design/icons';
import { App, Badge, Button, Card, Space, Spin, Tabs, Tag, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { EmptyState } from '../../../components';
import { usePhone } from '../../../lib/phone';
import { useApi } from '../../../lib/query';
import { visitTime } from '../../../lib/visitTime';
import { AssignDialog } from '../../dispatch';
import { ActionDialog } from './ActionDialog';
import { EditOrderDialog } from './EditOrderDialog';
import { type ActionButton, buttonsFor } from './actions';
import { orderDetailContract as K } from './api';
import { BasicTab, OrderAddress } from './tabs/BasicTab';
import { MessagesTab } from './tabs/MessagesTab';
import { EvaluationPanel, FeesPanel, PaymentQr, ReportButtons } from '../money';
import { ProviderFeeCard } from '../../settle';
import { OrderSparesPanel } from '../../spares';
import { CollectionInfo, ReceiptTab } from './tabs/MoneyTabs';
import { LogsTab, ProgressTab } from './tabs/ProgressTab';
import { RelatedTab } from './tabs/RelatedTab';
import { SlaClocks } from '../../sla';
import { OrderQuality } from '../../quality';
import { OrderKnowledge } from '../../knowledge';
import './detail.css';
import { DialButton, OrderCalls } from '../../calls';
import { useQueue } from '../../../lib/offline/queue';
import { useUser } from '../../../lib/session';
import { OfflineCompleteDialog, WarmCompletionForms } from '../offline/OfflineComplete';
import { OfflineQueue } from '../offline/OfflineQueue';
import { useOnline } from '../offline/online';

type Chosen = { button: ActionButton; ability: ReturnType<typeof buttonsFor>[number]['ability'] };

export default function OrderDetail() {
  const params = useParams();
  return <OrderDetailView orderId={Number(params.orderId)} />;
}

/** One order's detail by id: the page above, and 服务单详情 (/serviceOrderDetail?id, features/provider). */
export function OrderDetailView({ orderId }: { orderId: number }) {
  const valid = Number.isSafeInteger(orderId) && orderId > 0;
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const phone = usePhone();
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [tab, setTab] = useState<OrderTabKey>('basic');
  const detail = useApi(K.orderDetail, { orderId }, { enabled: valid, staleTime: 0 });
  const tabs = useApi(K.getOrderTab, { orderId }, { enabled: valid, staleTime: 0 });
  const user = useUser();
  const online = useOnline();
  // A completion done offline and not yet sent: the order shows 待同步 and offers no action until it is sent or given up.
  const queued = useQueue(user.id).find((o) => o.orderId === orderId);

  if (valid && detail.isPending) return <Spin style={{ display: 'block', margin: 48 }} />;
  const d = detail.data;
  if (!d) return <EmptyState description="工单不存在或已删除" />;

  const buttons = queued ? [] : buttonsFor(d.abilities);
  const done = (b: ActionButton) => {
    setChosen(null);
    if (b.leave) navigate('/allOrder');
  };
  const open = (c: Chosen) => {
    if (!c.button.confirm) return setChosen(c);
    modal.confirm({
      title: c.button.title,
      content: c.button.confirm,
      okText: '确定',
      cancelText: '取消',
      okButtonProps: { danger: c.button.danger },
      onOk: () =>
        c.button.run(d, {}, c.ability).then(
          () => done(c.button),
          () => {},
        ),
    });
  };
  const actionButtons = buttons.map((c) => (
    <Button key={c.button.key} type={c.button.primary ? 'primary' : 'default'} danger={c.button.danger} onClick={() => open(c)}>
      {c.button.label}
    </Button>
  ));

  const body: Record<OrderTabKey, ReactNode> = {
    basic: <BasicTab d={d} />,
    progress: <ProgressTab d={d} />,
    fees: (
      <Space orientation="vertical" style={{ width: '100%' }}>
        <FeesPanel orderId={d.id} />
        <ProviderFeeCard orderId={d.id} orderNo={d.orderNo} />
        <OrderSparesPanel orderId={d.id} state={d.state} />
        <CollectionInfo d={d} />
        {d.state === 5 && !d.collection ? <PaymentQr orderId={d.id} /> : null}
      </Space>
    ),
    receipt: <ReceiptTab d={d} />,
    evaluation: <EvaluationPanel orderId={d.id} />,
    messages: <MessagesTab orderId={d.id} />,
    logs: <LogsTab orderId={d.id} />,
    related: <RelatedTab d={d} />,
  };
  const tabItems = (tabs.data ?? [{ key: 'basic' as const, name: '基本信息', count: null }]).map((t) => ({
    key: t.key,
    label: t.count ? (
      <span>
        {t.name}
        <Badge count={t.count} size="small" color="#6b6b6b" offset={[4, -2]} />
      </span>
    ) : (
      t.name
    ),
    children: body[t.key],
  }));

  return (
    <div className={`sk-order-detail${phone && buttons.length ? ' sk-order-detail--bar' : ''}`}>
      <OfflineQueue orderId={d.id} />
      {online && buttons.some((b) => b.button.key === 'complete') ? <WarmCompletionForms d={d} /> : null}
      <Card
        size="small"
        title={
          <Space wrap size={6}>
            <Typography.Text strong>{d.title}</Typography.Text>
            <Tag color={d.stateColor} data-testid="order-state">
              {d.stateName}
            </Tag>
            {queued ? (
              <Tag color={queued.status === 'failed' ? 'red' : 'orange'} data-testid="order-queued">
                {queued.status === 'failed' ? '同步失败' : '待同步'}
              </Tag>
            ) : null}
            {d.abnormal ? <Tag color="red">异常：{d.abnormal.kindName}</Tag> : null}
            {d.examineType && d.examineResult === 0 ? <Tag color="magenta">{d.examineTypeName}中</Tag> : null}
            {d.placeState === 1 ? <Tag>已归档</Tag> : null}
            {d.deleted ? <Tag color="default">回收站</Tag> : null}
          </Space>
        }
        extra={phone ? null : <Space wrap>{actionButtons}</Space>}
      >
        {phone ? (
          // On the phone the visit comes first: when, where (to the map app), and the customer's phone to call.
          <div className="sk-order-visit" data-testid="order-visit">
            <div>
              <ClockCircleOutlined aria-label="预约时间" />
              <span>{d.customApplyTime ? visitTime(d.customApplyTime) : <span className="sk-muted">未预约</span>}</span>
            </div>
            <div>
              <OrderAddress d={d} />
            </div>
            {d.customPhone ? (
              <div>
                <PhoneOutlined aria-label="联系电话" />
                <a href={`tel:${d.customPhone}`}>{[d.customLinkPerson, d.customPhone].filter(Boolean).join(' ')}</a>
                <DialButton number={d.customPhone} customerId={d.customer.id} orderId={d.id} />
              </div>
            ) : null}
          </div>
        ) : null}
        <Typography.Text type="secondary">
          {d.orderNo} · {d.customer.name} · 创建于 {d.times.createdAt}
        </Typography.Text>
        <div style={{ marginTop: 8 }}>
          <ReportButtons orderId={d.id} orderNo={d.orderNo} phone={d.customPhone} completed={d.state === 5} />
        </div>
        <SlaClocks key={d.version} orderId={d.id} />
        <OrderQuality orderId={d.id} title={d.title} />
        <OrderKnowledge orderId={d.id} state={d.state} />
        <OrderCalls orderId={d.id} />
      </Card>
      <Card size="small" className="sk-order-tabs">
        {phone ? (
          // At phone width the tabs are a strip that scrolls sideways under the thumb.
          <>
            <div className="sk-order-tabstrip" role="tablist">
              {tabItems.map((t) => (
                <button
                  key={t.key}
                  type="button"
                  role="tab"
                  aria-selected={t.key === tab}
                  className={t.key === tab ? 'is-active' : undefined}
                  onClick={() => setTab(t.key)}
                >
                  {t.label}
                </button>
              ))}
            </div>
            <div role="tabpanel">{body[tab]}</div>
          </>
        ) : (
          <Tabs activeKey={tab} onChange={(k) => setTab(k as OrderTabKey)} items={tabItems} destroyOnHidden />
        )}
      </Card>
      {phone && buttons.length ? (
        <div className="sk-order-actionbar" data-testid="order-actionbar">
          {actionButtons}
        </div>
      ) : null}
      {chosen?.button.key === 'dispatch' ? (
        // 派单 is the dispatch desk's dialog: engineers with their load, or an outsourced provider.
        <AssignDialog
          target={{ orderIds: [d.id], expectedState: d.state, serviceGroupId: d.serviceGroup?.id ?? null, title: d.title }}
          onClose={() => setChosen(null)}
          onDone={() => done(chosen.button)}
        />
      ) : chosen?.button.key === 'edit' || chosen?.button.key === 'employeeEdit' ? (
        <EditOrderDialog d={d} ability={chosen.ability} onClose={() => setChosen(null)} onDone={() => done(chosen.button)} />
      ) : chosen?.button.key === 'complete' && !online ? (
        <OfflineCompleteDialog d={d} ability={chosen.ability} onClose={() => setChosen(null)} onDone={() => done(chosen.button)} />
      ) : chosen ? (
        <ActionDialog d={d} button={chosen.button} ability={chosen.ability} onClose={() => setChosen(null)} onDone={() => done(chosen.button)} />
      ) : null}
    </div>
  );
}
