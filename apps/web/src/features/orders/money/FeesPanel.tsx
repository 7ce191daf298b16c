import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { feeTotals, lineCents, toCents, toYuan } from '@sk/shared/orders/order.money';
import type { OrderFeesView } from '@sk/shared/orders/order.money.contract';
import { Button, Card, Descriptions, Empty, InputNumber, Modal, Select, Space, Spin, Table } from 'antd';
import { useMemo, useState } from 'react';
import { useApi, useApiMutation } from '../../../lib/query';
import { discountText, moneyContract as M, yuanText } from './api';

type Line = OrderFeesView['fees'][number];

interface Draft {
  serviceItems: { serviceItemId: number; name: string; unit: string; price: number; quantity: number }[];
  fees: { moneyItemId: number; name: string; unit: string; price: number; quantity: number }[];
  spareAmount: number;
  otherAmount: number;
  discountAmount: number;
}

const draftOf = (f: OrderFeesView): Draft => ({
  serviceItems: f.serviceItems
    .map((l) => ({ serviceItemId: l.itemId ?? 0, name: l.name, unit: l.unit, price: l.price, quantity: l.quantity }))
    .filter((l) => l.serviceItemId),
  fees: f.fees.map((l) => ({ moneyItemId: l.itemId ?? 0, name: l.name, unit: l.unit, price: l.price, quantity: l.quantity })).filter((l) => l.moneyItemId),
  spareAmount: f.spareAmount,
  otherAmount: f.otherAmount,
  discountAmount: f.discountAmount,
});

/** The preview total, in cents as the server computes it; null when the discount exceeds the rest. */
function previewCents(d: Draft): number | null {
  const line = (l: { price: number; quantity: number }) => lineCents(toCents(l.price ?? 0), toCents(l.quantity ?? 0));
  return (
    feeTotals({
      serviceLines: d.serviceItems.map(line),
      feeLines: d.fees.map(line),
      spare: toCents(d.spareAmount ?? 0),
      other: toCents(d.otherAmount ?? 0),
      discount: toCents(d.discountAmount ?? 0),
    })?.receivable ?? null
  );
}

const linesColumns = [
  { title: '名称', dataIndex: 'name', key: 'name' },
  { title: '单价', dataIndex: 'price', key: 'price', width: 110, render: (v: number) => yuanText(v) },
  { title: '数量', dataIndex: 'quantity', key: 'quantity', width: 90, render: (v: number, l: Line) => `${v}${l.unit}` },
  { title: '金额', dataIndex: 'amount', key: 'amount', width: 120, align: 'right' as const, render: (v: number) => yuanText(v) },
];

function FeesEditor({ fees, onClose }: { fees: OrderFeesView; onClose: () => void }) {
  const [d, setD] = useState<Draft>(() => draftOf(fees));
  const save = useApiMutation(M.saveFees, { onSuccess: onClose });
  const total = useMemo(() => previewCents(d), [d]);
  const set = (patch: Partial<Draft>) => setD((x) => ({ ...x, ...patch }));
  const num = (v: number | null) => v ?? 0;
  const lineEditor = <K extends 'serviceItems' | 'fees'>(key: K) =>
    d[key].map((l, i) => (
      <Space key={`${key}-${'serviceItemId' in l ? l.serviceItemId : l.moneyItemId}`} wrap style={{ marginBottom: 8 }}>
        <span style={{ display: 'inline-block', minWidth: 110 }}>{l.name}</span>
        <InputNumber
          aria-label={`${l.name}单价`}
          addonBefore="¥"
          min={0}
          precision={2}
          value={l.price}
          onChange={(v) => set({ [key]: d[key].map((x, j) => (j === i ? { ...x, price: num(v) } : x)) } as Partial<Draft>)}
          style={{ width: 140 }}
        />
        <InputNumber
          aria-label={`${l.name}数量`}
          min={0.01}
          max={9999.99}
          precision={2}
          value={l.quantity}
          addonAfter={l.unit || '×'}
          onChange={(v) => set({ [key]: d[key].map((x, j) => (j === i ? { ...x, quantity: num(v) } : x)) } as Partial<Draft>)}
          style={{ width: 140 }}
        />
        <Button
          type="text"
          danger
          icon={<DeleteOutlined />}
          aria-label={`删除${l.name}`}
          onClick={() => set({ [key]: d[key].filter((_, j) => j !== i) } as Partial<Draft>)}
        />
      </Space>
    ));
  const unused = fees.moneyItems.filter((m) => !d.fees.some((f) => f.moneyItemId === m.id));
  return (
    <Modal
      open
      title="编辑费用"
      width={640}
      okText="保存"
      cancelText="取消"
      confirmLoading={save.isPending}
      okButtonProps={{ disabled: total === null }}
      onCancel={onClose}
      onOk={() =>
        save.mutate({
          orderId: fees.orderId,
          serviceItems: d.serviceItems.map((l) => ({ serviceItemId: l.serviceItemId, quantity: l.quantity, price: l.price })),
          fees: d.fees.map((l) => ({ moneyItemId: l.moneyItemId, quantity: l.quantity, price: l.price })),
          spareAmount: d.spareAmount,
          otherAmount: d.otherAmount,
          discountAmount: d.discountAmount,
        })
      }
    >
      <h4>服务项目</h4>
      {d.serviceItems.length ? (
        lineEditor('serviceItems')
      ) : (
        <div style={{ color: 'var(--ant-color-text-tertiary, rgba(0, 0, 0, 0.56))', marginBottom: 8 }}>无服务项目</div>
      )}
      <h4>收费项目</h4>
      {lineEditor('fees')}
      <Select
        placeholder="添加收费项目"
        aria-label="添加收费项目"
        style={{ width: 240, marginBottom: 12 }}
        value={null}
        options={unused.map((m) => ({ value: m.id, label: `${m.name}（${yuanText(m.price)}${m.unit ? `/${m.unit}` : ''}）` }))}
        notFoundContent="该工单类型没有更多收费项目"
        suffixIcon={<PlusOutlined />}
        onChange={(idv: number) => {
          const m = fees.moneyItems.find((x) => x.id === idv);
          if (m) set({ fees: [...d.fees, { moneyItemId: m.id, name: m.name, unit: m.unit, price: m.price, quantity: 1 }] });
        }}
      />
      <Space wrap size="large">
        <label>
          备件金额{' '}
          <InputNumber aria-label="备件金额" addonBefore="¥" min={0} precision={2} value={d.spareAmount} onChange={(v) => set({ spareAmount: num(v) })} />
        </label>
        <label>
          其他金额{' '}
          <InputNumber aria-label="其他金额" addonBefore="¥" min={0} precision={2} value={d.otherAmount} onChange={(v) => set({ otherAmount: num(v) })} />
        </label>
        <label>
          优惠金额{' '}
          <InputNumber aria-label="优惠金额" addonBefore="¥" min={0} precision={2} value={d.discountAmount} onChange={(v) => set({ discountAmount: num(v) })} />
        </label>
      </Space>
      <div style={{ marginTop: 16, fontSize: 16, textAlign: 'right' }} data-testid="fees-preview">
        {total === null ? (
          <span style={{ color: 'var(--ant-color-error, #cf1322)' }}>优惠金额不能大于费用合计</span>
        ) : (
          <>
            应收合计：<b>{yuanText(toYuan(total))}</b>
          </>
        )}
      </div>
    </Modal>
  );
}

/** The order's fees (detail page tab 费用): lines, amounts and the receivable; 编辑费用 when the viewer may. */
export function FeesPanel({ orderId }: { orderId: number }) {
  const q = useApi(M.fees, { orderId });
  const [editing, setEditing] = useState(false);
  const f = q.data;
  if (!f) return q.isLoading ? <Spin /> : <Empty description="暂无费用信息" />;
  const lines = [...f.serviceItems.map((l) => ({ ...l, key: `s${l.id}`, name: `${l.name}（服务项目）` })), ...f.fees.map((l) => ({ ...l, key: `f${l.id}` }))];
  return (
    <Card
      size="small"
      title="服务费用"
      extra={
        f.editable ? (
          <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
            编辑费用
          </Button>
        ) : null
      }
    >
      <Table
        size="small"
        rowKey="key"
        pagination={false}
        dataSource={lines}
        columns={linesColumns}
        locale={{ emptyText: '暂无服务项目和收费项目' }}
        scroll={{ x: 'max-content' }}
      />
      <Descriptions size="small" column={{ xs: 1, sm: 2, md: 3 }} style={{ marginTop: 12 }}>
        <Descriptions.Item label="服务项目金额">{yuanText(f.serviceAmount)}</Descriptions.Item>
        <Descriptions.Item label="收费项目金额">{yuanText(f.feeAmount)}</Descriptions.Item>
        <Descriptions.Item label="备件金额">{yuanText(f.spareAmount)}</Descriptions.Item>
        <Descriptions.Item label="其他金额">{yuanText(f.otherAmount)}</Descriptions.Item>
        <Descriptions.Item label="优惠金额">
          <span data-testid="discount">{discountText(f.discountAmount)}</span>
        </Descriptions.Item>
        <Descriptions.Item label="应收合计">
          <b data-testid="receivable">{yuanText(f.receivableAmount)}</b>
        </Descriptions.Item>
        {f.paid ? <Descriptions.Item label="已收金额">{yuanText(f.paidAmount)}</Descriptions.Item> : null}
      </Descriptions>
      {editing ? <FeesEditor fees={f} onClose={() => setEditing(false)} /> : null}
    </Card>
  );
}
