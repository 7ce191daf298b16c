import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { ProcessStage, TaskRow } from '@sk/shared/projects/projects.contract';
import { Button, Card, Empty, Popconfirm, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { type Person, PersonField } from '../../../components';
import { call } from '../../../lib/api';
import { projectContract, taskActionLabel, taskStateOf } from '../api';
import { removable, withoutStage, withoutTask } from '../process.plan';
import { AddStageDialog, AddTaskDialog, saveProcess } from './ProcessDialogs';
import { RejectDialog } from './RejectDialog';

async function act(task: TaskRow, action: TaskRow['abilities'][number], note?: string) {
  if (action === 'finish') await call(projectContract.taskFinish, { id: task.id }, { successToast: true });
  else await call(projectContract.taskAction, { id: task.id, action, note }, { successToast: true });
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
          onChange={(people) =>
            void save(call(projectContract.saveTaskCoordinationUser, { id: task.id, userIds: people.map((x) => x.id) }, { successToast: true }))
          }
        />
      </Space>
    </Space>
  );
}

/** A board's edit rights: `manage` changes people; `onRemove` (a running or unapproved project's managers) removes tasks. */
function TaskCard({ task, manage, onRemove }: { task: TaskRow; manage: boolean; onRemove?: () => void }) {
  const st = taskStateOf(task.state);
  const [rejecting, setRejecting] = useState(false);
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
        {task.abilities.length || (onRemove && removable(task.state)) ? (
          <Space wrap size={4}>
            {task.abilities.map((a) => (
              <Button
                key={a}
                size="small"
                type={a === 'finish' || a === 'approve' ? 'primary' : 'default'}
                onClick={() => (a === 'reject' ? setRejecting(true) : void act(task, a).catch(() => undefined))}
              >
                {taskActionLabel(a)}
              </Button>
            ))}
            {onRemove && removable(task.state) ? (
              <Popconfirm title="确认删除该任务吗？" onConfirm={onRemove}>
                <Button size="small" danger>
                  删除任务
                </Button>
              </Popconfirm>
            ) : null}
          </Space>
        ) : null}
      </Space>
      <RejectDialog open={rejecting} onClose={() => setRejecting(false)} onReject={(note) => act(task, 'reject', note)} />
    </Card>
  );
}

const quiet = (p: Promise<unknown>) => p.catch(() => undefined);

/**
 * The process as a board: one column per stage, a card per task with the actions this user may take now. With
 * `editable` (the project's managers, before it completes) stages and tasks are added and removed here.
 */
export function TaskBoard({
  projectId,
  stages,
  manage = false,
  editable = false,
}: {
  projectId: number;
  stages: ProcessStage[];
  manage?: boolean;
  editable?: boolean;
}) {
  const [adding, setAdding] = useState<ProcessStage | null>(null);
  const [addingStage, setAddingStage] = useState(false);
  const removeTask = editable ? (task: TaskRow) => () => quiet(saveProcess(projectId, withoutTask(stages, task.id))) : undefined;
  return (
    <>
      {editable ? (
        <Space style={{ marginBottom: 8 }}>
          <Button icon={<PlusOutlined />} onClick={() => setAddingStage(true)}>
            添加阶段
          </Button>
        </Space>
      ) : null}
      {stages.length === 0 ? <Empty description="暂无阶段" /> : null}
      <div className="sk-task-board" style={{ display: 'flex', gap: 12, overflowX: 'auto', paddingBottom: 8 }}>
        {stages.map((s, i) => (
          <div
            key={s.id}
            data-testid={`board-stage-${s.name}`}
            style={{ minWidth: 260, flex: '0 0 260px', background: '#fafafa', borderRadius: 8, padding: 8 }}
          >
            <Space style={{ justifyContent: 'space-between', width: '100%', marginBottom: 8 }} align="start">
              <Typography.Title level={5} style={{ margin: 0 }}>
                {i + 1}. {s.name} <Typography.Text type="secondary">（{s.tasks.length}）</Typography.Text>
              </Typography.Title>
              {editable ? (
                <Space size={0}>
                  <Button size="small" type="link" icon={<PlusOutlined />} onClick={() => setAdding(s)}>
                    添加任务
                  </Button>
                  {stages.length > 1 ? (
                    <Popconfirm title="确认删除该阶段及其任务吗？" onConfirm={() => quiet(saveProcess(projectId, withoutStage(stages, s.id)))}>
                      <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label="删除阶段" />
                    </Popconfirm>
                  ) : null}
                </Space>
              ) : null}
            </Space>
            {s.tasks.length ? (
              s.tasks.map((t) => <TaskCard key={t.id} task={t} manage={manage} onRemove={removeTask?.(t)} />)
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无任务" />
            )}
          </div>
        ))}
      </div>
      {editable ? (
        <>
          <AddTaskDialog projectId={projectId} stages={stages} stage={adding} onClose={() => setAdding(null)} />
          <AddStageDialog projectId={projectId} stages={stages} open={addingStage} onClose={() => setAddingStage(false)} />
        </>
      ) : null}
    </>
  );
}
