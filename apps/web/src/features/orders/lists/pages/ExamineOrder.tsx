import { Card } from 'antd';
import { OrderList } from '../OrderList';

/** 待我审批: orders whose approval waits for me, filterable by examine type. */
export default function ExamineOrder() {
  return (
    <Card title="待我审批" size="small">
      <OrderList scope="examine" title="待我审批" />
    </Card>
  );
}
