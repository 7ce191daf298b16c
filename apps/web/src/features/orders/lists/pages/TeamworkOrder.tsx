import { Card } from 'antd';
import { OrderList } from '../OrderList';

/** 协同工单: orders I collaborate on. */
export default function TeamworkOrder() {
  return (
    <Card title="协同工单" size="small">
      <OrderList scope="teamwork" title="协同工单" />
    </Card>
  );
}
