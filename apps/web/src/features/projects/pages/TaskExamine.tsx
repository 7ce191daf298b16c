import type { TaskAction } from '@sk/shared/projects/project.machine';
import { Alert, Button, Card, Descriptions, Space, Spin, Tag, Timeline } from 'antd';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { call } from '../../../lib/api';
import { useApi } from '../../../lib/query';
import { projectContract, projectPath, taskActionLabel, taskStateOf } from '../api';
import { RejectDialog } from '../components/RejectDialog';

/**
 * /allproject/examine/:id — one task (the spec's approval flow of a project task): its state, people and log, and
 * what the viewer may do to it now: its principal finishes it, its approver approves or rejects it. The to-dos,
 * 我的任务 and the approval notices open it.
 */
export default function TaskExamine() {
  const id = Number(useParams().id);
  const detail = useApi(projectContract.getTaskDetail, { id });
  const [rejecting, setRejecting] = useState(false);
  if (detail.isError) return <Alert type="error" showIcon message="任务不存在或已被删除" />;
  const t = detail.data;
  if (!t) return <Spin style={{ margin: 48 }} />;
  const act = async (action: TaskAction, note?: string) => {
    if (action === 'finish') await call(projectContract.taskFinish, { id }, { successToast: true });
    else await call(projectContract.taskAction, { id, action, note }, { successToast: true });
  };
  const run = (action: TaskAction) => () => {
    if (action === 'reject') return setRejecting(true);
    act(action).catch(() => {
      // the call has shown its message
    });
  };
  const st = taskStateOf(t.state);
  return (
    <Card
      size="small"
      title={
        <Space>
          <span data-testid="task-name">{t.name}</span>
          <Tag color={st.color} data-testid="task-state">
            {st.label}
          </Tag>
        </Space>
      }
      extra={
        <Space wrap>
          {t.abilities.map((a) => (
            <Button key={a} type={a === 'approve' || a === 'finish' ? 'primary' : 'default'} danger={a === 'reject'} onClick={run(a)}>
              {a === 'finish' ? '完成任务' : taskActionLabel(a)}
            </Button>
          ))}
          <Link to={projectPath(t.projectId)}>查看项目</Link>
        </Space>
      }
    >
      <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
        <Descriptions.Item label="负责人">{t.principal?.name ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="协作人">{t.coordinationUsers.map((u) => u.name).join('、') || '—'}</Descriptions.Item>
        <Descriptions.Item label="审批人">{t.needApproval ? (t.approver?.name ?? '项目管理人员') : '无需审批'}</Descriptions.Item>
        <Descriptions.Item label="计划开始">{t.planStart ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="计划完成">{t.planEnd ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="完成时间">{t.finishedAt ?? '—'}</Descriptions.Item>
      </Descriptions>
      <Timeline
        style={{ marginTop: 16 }}
        items={t.logs.map((l) => ({
          key: l.id,
          children: `${l.time} ${l.userName ?? '系统'} ${taskActionLabel(l.action)}${l.note ? `：${l.note}` : ''}（${taskStateOf(l.to).label}）`,
        }))}
      />
      <RejectDialog open={rejecting} onClose={() => setRejecting(false)} onReject={(note) => act('reject', note)} />
    </Card>
  );
}
