import { Card } from 'antd';
import { OrderList } from '../OrderList';

/** 异常工单: orders with a pending change request (reschedule, transfer, cancel). */
export default function AbnormalOrder() {
  return (
    <Card title="异常工单" size="small">
      <OrderList scope="abnormal" title="异常工单" />
    </Card>
  );
}
