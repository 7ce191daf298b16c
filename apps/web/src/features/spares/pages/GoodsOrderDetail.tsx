import type { SpareDocItem } from '@sk/shared/spares/spares.contract';
import { Button, Card, Descriptions, Form, Input, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState, RecordFormDialog } from '../../../components';
import { useApi, useApiMutation } from '../../../lib/query';
import { rulesOf } from '../../../lib/zodRules';
import { G, S } from '../api';
import { WarehouseSelect } from '../components/Selects';
import { SerialsSelect } from '../components/SerialsSelect';
import { GOODS_ORDER_STATES, label } from '../options';
import { PAYMENT_METHODS } from '@sk/shared/orders/orders.constants';
import { useSessionUser } from '../../../lib/session';

/** Methods paid online (支付宝, 微信, 银联); the others the keeper confirms. */
const ONLINE = [2, 3, 4];

const NAMES: Record<string, string> = { pay: '确认付款', approve: '审核通过', ship: '发货', sign: '签收', cancel: '取消' };

/** A step as goods' step checks it; which fields a step needs is the page's (and the server's) to say. */
const STEP = G.step.body.shape;

interface Values {
  /** Shipping: the serials chosen per serial-tracked spare (keyed by spare id). */
  serials?: Record<string, string[]>;
  warehouseId?: number;
  logistics?: string;
  trackingNo?: string;
  note?: string;
}

/** /sparePartsSalesmanDetail?id&oid and /outboundOrderDetail?id&oid: one goods order with its next step. */
export function GoodsOrderDetail() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const d = useApi(G.detail, { id }, { enabled: id > 0 });
  const [action, setAction] = useState<string | null>(null);
  const tmpl = useApi(S.oldParamTmpl, undefined, { enabled: action === 'ship', call: { silent: true } });
  const step = useApiMutation(G.step, { invalidates: [G.detail] });
  const me = useSessionUser();
  const payOnline = useApiMutation(G.payOnline);
  if (!id || d.isError) return <EmptyState description="单据不存在或已被删除" />;
  const g = d.data;
  if (!g) return <Card loading size="small" />;
  // Shipping names the units of each serial-tracked spare, chosen from those in the shipping warehouse.
  const tracked = g.items.filter((i) => i.serialized);
  const columns = [
    { key: 'spareCode', dataIndex: 'spareCode', title: '备件编号' },
    { key: 'spareName', dataIndex: 'spareName', title: '备件名称' },
    { key: 'quantity', dataIndex: 'quantity', title: '数量', render: (v: number, r: SpareDocItem) => `${v} ${r.unit}` },
    ...(tracked.length
      ? [{ key: 'serials', dataIndex: 'serials', title: '序列号', render: (v: string[] | undefined) => (v?.length ? v.join('、') : '—') }]
      : []),
    ...(g.warehouseId ? [{ key: 'stock', dataIndex: 'stock', title: '发货仓现有' }] : []),
    ...(g.warehouseId && g.state === 3 ? [{ key: 'available', dataIndex: 'available', title: '本单可用' }] : []),
  ];
  return (
    <Card
      size="small"
      title={
        <Space>
          {`SQ-${g.id}`}
          <Tag data-testid="goods-state">{label(GOODS_ORDER_STATES, g.state)}</Tag>
        </Space>
      }
      extra={
        <Space wrap>
          {g.state === 1 && g.applicantId === me?.id && ONLINE.includes(g.paymentMethod ?? 0) ? (
            <Button
              type="primary"
              loading={payOnline.isPending}
              onClick={() =>
                // To the provider's cashier; the order moves to 待审核 once the provider tells us it is paid.
                payOnline
                  .mutateAsync({ id: g.id })
                  .then((r) => window.location.assign(r.payUrl))
                  .catch(() => null)
              }
            >
              去支付
            </Button>
          ) : null}
          {g.abilities.map((a) => (
            <Button key={a} type={a === 'cancel' ? 'default' : 'primary'} danger={a === 'cancel'} onClick={() => setAction(a)}>
              {NAMES[a] ?? a}
            </Button>
          ))}
        </Space>
      }
    >
      <Descriptions size="small" column={{ xs: 1, md: 3 }}>
        <Descriptions.Item label="申请人">{g.applicantName}</Descriptions.Item>
        <Descriptions.Item label="申请时间">{g.create_time}</Descriptions.Item>
        <Descriptions.Item label="付款">{g.paymentMethod ? `自费 · ${label(PAYMENT_METHODS, g.paymentMethod)}${payText(g)}` : '无需付款'}</Descriptions.Item>
        <Descriptions.Item label="发货仓库">{g.warehouseName ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="物流">{g.trackingNo ? `${g.logistics ?? ''} ${g.trackingNo}` : '—'}</Descriptions.Item>
        <Descriptions.Item label="收货地址">{g.address || '—'}</Descriptions.Item>
        <Descriptions.Item label="备注">{g.remark || '—'}</Descriptions.Item>
      </Descriptions>
      <Table<SpareDocItem> size="small" rowKey="line" pagination={false} columns={columns} dataSource={g.items} scroll={{ x: 'max-content' }} />
      <RecordFormDialog<Values>
        open={action !== null}
        title={NAMES[action ?? ''] ?? ''}
        onClose={() => setAction(null)}
        onSubmit={(v) =>
          step.mutateAsync({
            id,
            action: action as 'approve',
            warehouseId: v.warehouseId ?? null,
            logistics: v.logistics || null,
            trackingNo: v.trackingNo || null,
            note: v.note || null,
            items: action === 'ship' ? tracked.map((i) => ({ spareId: i.spareId, serials: v.serials?.[i.spareId] ?? [] })) : undefined,
          })
        }
      >
        {action === 'approve' ? (
          <Form.Item name="warehouseId" label="发货仓库" rules={rulesOf(STEP.warehouseId, { required: '请选择发货仓库' })}>
            <WarehouseSelect aria-label="发货仓库" />
          </Form.Item>
        ) : null}
        {action === 'ship' ? (
          <>
            <Form.Item name="logistics" label="物流公司" rules={rulesOf(STEP.logistics, { required: '请选择物流公司' })}>
              <Select options={(tmpl.data?.logistics ?? []).map((n) => ({ value: n, label: n }))} aria-label="物流公司" />
            </Form.Item>
            <Form.Item name="trackingNo" label="物流单号" rules={rulesOf(STEP.trackingNo, { required: '请输入物流单号' })}>
              <Input maxLength={50} />
            </Form.Item>
            {tracked.map((i) => (
              <Form.Item
                key={i.spareId}
                name={['serials', String(i.spareId)]}
                label={`${i.spareName}的序列号（${i.quantity}个）`}
                required
                // why: one serial per piece of the line (its quantity), which the contract's list cannot know
                rules={[
                  {
                    validator: (_, v?: string[]) =>
                      (v ?? []).length === i.quantity ? Promise.resolve() : Promise.reject(new Error(`请选择${i.quantity}个序列号`)),
                  },
                ]}
              >
                <SerialsSelect mode="pick" warehouseId={g.warehouseId} spareId={i.spareId} maxCount={i.quantity} aria-label={`${i.spareName}的序列号`} />
              </Form.Item>
            ))}
          </>
        ) : null}
        <Form.Item name="note" label="备注">
          <Input.TextArea rows={2} maxLength={200} />
        </Form.Item>
      </RecordFormDialog>
    </Card>
  );
}
/**
 * '（… 已付款）', and what became of an online payment of a cancelled application; a second payment of a paid one is
 * refunded on its own, so only its refusal is shown (the keeper may have to act while it is retried).
 */
export function payText(g: { paid_time: string | null; payState: number | null; refundError: string | null }): string {
  if (g.payState === 3) return '（已退款）';
  if (g.payState === 2) return g.refundError ? `（退款中，上次未成功：${g.refundError}，将自动重试）` : '（退款中）';
  const paid = g.paid_time ? `（${g.paid_time} 已付款）` : '（待付款）';
  return g.refundError ? `${paid}（重复支付的退款未成功：${g.refundError}，将自动重试）` : paid;
}

export default GoodsOrderDetail;
