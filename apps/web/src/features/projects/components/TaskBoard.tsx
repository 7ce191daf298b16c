import type { ProcessStage, TaskRow } from '@sk/shared/projects/projects.contract';
import { Button, Card, Empty, Space, Tag, Typography } from 'antd';
import { type Person, PersonField } from '../../../components';
import { call } from '../../../lib/api';
import { projectContract, taskActionLabel, taskStateOf } from '../api';

async function act(task: TaskRow, action: TaskRow['abilities'][number]) {
  try {
    if (action === 'finish') await call(projectContract.taskFinish, { id: task.id }, { successToast: true });
    else await call(projectContract.taskAction, { id: task.id, action }, { successToast: true });
  } catch {
    // the call has shown its message
  }
}

/** A manager changes a task's principal and collaborators from its card. */
function TaskPeople({ task }: { task: TaskRow }) {
  // The picker's rows carry a phone and department; a task knows its people by id and name.
  const asPeople = (list: { id: number; name: string }[]): Person[] => list.map((x) => ({ ...x, mobile: '', department_name: null }));
  const save = (p: Promise<unknown>) => p.catch(() => {});
  return (
    <Space direction="vertical" size={2} style={{ width: '100%' }} data-testid={`task-people-${task.name}`}>
      <Space size={4} wrap>
        <Typography.Text type="secondary">负责人：</Typography.Text>
        <PersonField
          value={asPeople(task.principal ? [task.principal] : [])}
          placeholder="指定负责人"
          onChange={(people) => people[0] && void save(call(projectContract.saveTaskPersonUser, { id: task.id, userId: people[0].id }, { successToast: true }))}
        />
      </Space>
      <Space size={4} wrap>
        <Typography.Text type="secondary">协作人：</Typography.Text>
        <PersonField
          multiple
          value={asPeople(task.coordinationUsers)}
          placeholder="选择协作人"
          onChange={(people) => void save(call(projectContract.saveTaskCoordinationUser, { id: task.id, userIds: people.map((x) => x.id) }, { successToast: true }))}
        />
      </Space>
    </Space>
  );
}

function TaskCard({ task, manage }: { task: TaskRow; manage: boolean }) {
  const st = taskStateOf(task.state);
  return (
    <Card size="small" className="sk-task-card" data-testid={`task-${task.name}`} style={{ marginBottom: 8 }}>
      <Space direction="vertical" size={4} style={{ width: '100%' }}>
        <Space style={{ justifyContent: 'space-between', width: '100%' }}>
          <Typography.Text strong>{task.name}</Typography.Text>
          <Tag color={st.color}>{st.label}</Tag>
        </Space>
        {manage ? <TaskPeople task={task} /> : <Typography.Text type="secondary">负责人：{task.principal?.name ?? '未指定'}</Typography.Text>}
        {task.needApproval ? <Typography.Text type="secondary">审批人：{task.approver?.name ?? '项目管理人员'}</Typography.Text> : null}
        {task.planEnd ? (
          <Typography.Text type="secondary">
            计划：{task.planStart?.slice(0, 10)} ~ {task.planEnd.slice(0, 10)}
          </Typography.Text>
        ) : null}
        {task.abilities.length ? (
          <Space wrap size={4}>
            {task.abilities.map((a) => (
              <Button key={a} size="small" type={a === 'finish' || a === 'approve' ? 'primary' : 'default'} onClick={() => act(task, a)}>
                {taskActionLabel(a)}
              </Button>
            ))}
          </Space>
        ) : null}
      </Space>
    </Card>
  );
}

/** The process as a board: one column per stage, a card per task with the actions this user may take now. */
export function TaskBoard({ stages, manage = false }: { stages: ProcessStage[]; manage?: boolean }) {
  if (stages.length === 0) return <Empty description="暂无阶段" />;
  return (
    <div className="sk-task-board" style={{ display: 'flex', gap: 12, overflowX: 'auto', paddingBottom: 8 }}>
      {stages.map((s, i) => (
        <div key={s.id} style={{ minWidth: 260, flex: '0 0 260px', background: '#fafafa', borderRadius: 8, padding: 8 }}>
          <Typography.Title level={5} style={{ marginTop: 0 }}>
            {i + 1}. {s.name} <Typography.Text type="secondary">（{s.tasks.length}）</Typography.Text>
          </Typography.Title>
          {s.tasks.length ? s.tasks.map((t) => <TaskCard key={t.id} task={t} manage={manage} />) : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无任务" />}
        </div>
      ))}
    </div>
  );
}
