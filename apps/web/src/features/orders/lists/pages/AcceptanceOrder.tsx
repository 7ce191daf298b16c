import { Card } from 'antd';
import { OrderList } from '../OrderList';

/** 待受理工单: orders waiting to be accepted (state 0, not invalid). */
export default function AcceptanceOrder() {
  return (
    <Card title="待受理工单" size="small">
      <OrderList scope="acceptance" title="待受理工单" />
    </Card>
  );
}
