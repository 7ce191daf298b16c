// 服务费用, 工单回执 and 服务评价: what the order costs, what the customer signed, and how they rated it.
import type { OrderDetail } from '@sk/shared/orders/order.detail.contract';
import { Descriptions, Empty, Rate, Space, Table, Typography } from 'antd';
import { ExtFieldView } from '../../../../components/forms';

const yuan = (n: number) => `¥${n.toFixed(2)}`;

export function FeesTab({ d }: { d: OrderDetail }) {
  const lines = [
    ...d.serviceItems.map((i) => ({ key: `s${i.id}`, kind: '服务项目', name: i.name, price: i.price, quantity: i.quantity, amount: i.amount })),
    ...d.fees.rows.map((f) => ({ key: `f${f.id}`, kind: '费用', name: f.name, price: f.price, quantity: f.quantity, amount: f.amount })),
  ];
  const f = d.fees;
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Table
        size="small"
        pagination={false}
        dataSource={lines}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: '暂无费用' }}
        columns={[
          { key: 'kind', dataIndex: 'kind', title: '类别' },
          { key: 'name', dataIndex: 'name', title: '名称' },
          { key: 'price', dataIndex: 'price', title: '单价', render: yuan },
          { key: 'quantity', dataIndex: 'quantity', title: '数量' },
          { key: 'amount', dataIndex: 'amount', title: '金额', render: yuan },
        ]}
      />
      <Descriptions size="small" column={{ xs: 1, md: 3 }}>
        <Descriptions.Item label="服务项目金额">{yuan(f.serviceAmount)}</Descriptions.Item>
        <Descriptions.Item label="备件金额">{yuan(f.spareAmount)}</Descriptions.Item>
        <Descriptions.Item label="其他金额">{yuan(f.otherAmount)}</Descriptions.Item>
        <Descriptions.Item label="优惠金额">{yuan(f.discountAmount)}</Descriptions.Item>
        <Descriptions.Item label="应收合计">
          <Typography.Text strong>{yuan(f.receivableAmount)}</Typography.Text>
        </Descriptions.Item>
      </Descriptions>
      {d.collection ? (
        <Descriptions size="small" title="收款" column={{ xs: 1, md: 3 }}>
          <Descriptions.Item label="支付方式">{d.collection.paymentMethodName ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="收款金额">{yuan(d.collection.paidAmount)}</Descriptions.Item>
          <Descriptions.Item label="收款时间">{d.collection.paidAt}</Descriptions.Item>
        </Descriptions>
      ) : null}
    </Space>
  );
}

export function ReceiptTab({ d }: { d: OrderDetail }) {
  if (!d.receipt) return <Empty description="暂无回执" />;
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Typography.Text type="secondary">回执时间：{d.receipt.receiptedAt}</Typography.Text>
      <ExtFieldView fields={d.receipt.fields} column={2} />
    </Space>
  );
}

export function EvaluationTab({ d }: { d: OrderDetail }) {
  const e = d.evaluation;
  if (!e) return <Empty description="暂无评价" />;
  return (
    <Descriptions size="small" column={1}>
      {e.scores.map((s) => (
        <Descriptions.Item key={s.dimension} label={s.name}>
          <Rate disabled value={s.score} aria-label={`${s.name}${s.score}星`} />
        </Descriptions.Item>
      ))}
      {e.remark ? <Descriptions.Item label="评价内容">{e.remark}</Descriptions.Item> : null}
      {e.evaluatedAt ? <Descriptions.Item label="评价时间">{e.evaluatedAt}</Descriptions.Item> : null}
    </Descriptions>
  );
}
