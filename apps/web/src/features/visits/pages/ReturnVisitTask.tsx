import { Card } from 'antd';
import { TaskTable } from '../TaskTable';

/** 回访任务 (/ReturnVisitTask): every return-visit task of the enterprise. */
export default function ReturnVisitTask() {
  return (
    <Card title="回访任务" size="small">
      <TaskTable mine={false} />
    </Card>
  );
}
