// 工单回执 and the collection: what the customer signed and how they paid (fees and evaluation are the money panels').
import type { OrderDetail } from '@sk/shared/orders/order.detail.contract';
import { Descriptions, Empty, Space, Typography } from 'antd';
import { ExtFieldView } from '../../../../components/forms';

const yuan = (n: number) => `¥${n.toFixed(2)}`;

/** How the order was paid, once collected (the fees themselves are the money panel's). */
export function CollectionInfo({ d }: { d: OrderDetail }) {
  if (!d.collection) return null;
  return (
    <Descriptions size="small" title="收款" column={{ xs: 1, md: 3 }}>
      <Descriptions.Item label="支付方式">{d.collection.paymentMethodName ?? '—'}</Descriptions.Item>
      <Descriptions.Item label="收款金额">{yuan(d.collection.paidAmount)}</Descriptions.Item>
      <Descriptions.Item label="收款时间">{d.collection.paidAt}</Descriptions.Item>
    </Descriptions>
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
