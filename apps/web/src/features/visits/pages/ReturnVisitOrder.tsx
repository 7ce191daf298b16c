import { Card } from 'antd';
import { TaskTable } from '../TaskTable';

/** 回访工单 (/returnVisitOrder): my return visits, and the pool to take from. */
export default function ReturnVisitOrder() {
  return (
    <Card title="回访工单" size="small">
      <TaskTable mine />
    </Card>
  );
}
