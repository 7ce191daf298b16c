import type { ProjectAction } from '@sk/shared/projects/project.machine';
import { Alert, Button, Card, Descriptions, Progress, Space, Spin, Tabs, Tag, Timeline } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { PersonLink } from '../../../components';
import { call } from '../../../lib/api';
import { useApi } from '../../../lib/query';
import { useCan } from '../../../lib/session';
import { projectActionLabel, projectContract, projectStateOf } from '../api';
import { ContractsTab, FilesTab, MessagesTab, ProductsTab } from '../components/ProjectParts';
import { RejectDialog } from '../components/RejectDialog';
import { TaskBoard } from '../components/TaskBoard';

// The Gantt library loads with its tab only.
const ProjectGantt = lazy(() => import('../components/ProjectGantt'));

async function act(id: number, action: ProjectAction, note?: string) {
  if (action === 'finish') await call(projectContract.finish, { id }, { successToast: true });
  else await call(projectContract.examine, { id, action, note }, { successToast: true });
}

const quiet = (p: Promise<unknown>) =>
  p.catch(() => {
    // the call has shown its message
  });

/** /allproject/projectdetails/:id — the project, its process as a board and a Gantt, and its log. */
export default function ProjectDetail() {
  const { id } = useParams();
  const projectId = Number(id);
  const navigate = useNavigate();
  const can = useCan();
  const detail = useApi(projectContract.detail, { id: projectId });
  const [rejecting, setRejecting] = useState<'reject' | 'rejectFinish' | null>(null);
  const process = useApi(projectContract.getProjectProcess, { projectId });
  if (detail.isError) return <Alert type="error" showIcon message="项目不存在或已被删除" />;
  const p = detail.data;
  if (!p) return <Spin style={{ margin: 48 }} />;
  const st = projectStateOf(p.project_state);
  const stages = process.data ?? [];
  return (
    <Space direction="vertical" style={{ width: '100%' }} size={12}>
      <Card
        size="small"
        title={
          <Space>
            <span>{p.name}</span>
            <Tag color={st.color}>{st.label}</Tag>
            {p.approval === 'create' ? (
              <Tag color="orange">待创建审批</Tag>
            ) : p.approval === 'finish' ? (
              <Tag color="orange">待完成审批</Tag>
            ) : p.approval === 'rejected' ? (
              <Tag color="red">审批驳回</Tag>
            ) : null}
          </Space>
        }
        extra={
          <Space wrap>
            {p.power.abilities.map((a) => (
              <Button
                key={a}
                type={a === 'approve' || a === 'approveFinish' || a === 'finish' ? 'primary' : 'default'}
                danger={a === 'reject' || a === 'rejectFinish'}
                onClick={() => (a === 'reject' || a === 'rejectFinish' ? setRejecting(a) : void quiet(act(p.id, a as ProjectAction)))}
              >
                {projectActionLabel(a)}
              </Button>
            ))}
            {can('13002') ? <Button onClick={() => navigate(`/allproject/copyProjectDetail/${p.id}`)}>复制项目</Button> : null}
          </Space>
        }
      >
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
          <Descriptions.Item label="项目编号">{p.project_no}</Descriptions.Item>
          <Descriptions.Item label="项目模板">{p.project_tmpl_name ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="客户">{p.customer_name ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="创建人">
            <PersonLink id={p.fk_t_create_user_id} name={p.create_user_name} />
          </Descriptions.Item>
          <Descriptions.Item label="创建时间">{p.create_time}</Descriptions.Item>
          <Descriptions.Item label="完成时间">{p.finish_time ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="进度" span={3}>
            <Progress percent={Number.parseInt(p.progress_speed, 10) || 0} style={{ maxWidth: 360 }} data-testid="project-progress" aria-label="项目进度" />
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card size="small">
        <Tabs
          items={[
            {
              key: 'board',
              label: '项目流程',
              children: process.isLoading ? (
                <Spin />
              ) : (
                <TaskBoard projectId={p.id} stages={stages} manage={p.power.manage} editable={p.power.manage && p.project_state !== 2} />
              ),
            },
            {
              key: 'gantt',
              label: '甘特图',
              children: (
                <Suspense fallback={<Spin />}>
                  <ProjectGantt stages={stages} />
                </Suspense>
              ),
            },
            { key: 'files', label: '文件', children: <FilesTab projectId={p.id} /> },
            { key: 'products', label: '产品', children: <ProductsTab projectId={p.id} manage={p.power.manage} /> },
            { key: 'contracts', label: '合同', children: <ContractsTab projectId={p.id} manage={p.power.manage} /> },
            { key: 'messages', label: '留言', children: <MessagesTab projectId={p.id} /> },
            {
              key: 'log',
              label: '操作日志',
              children: (
                <Timeline
                  items={p.logs.map((l) => ({
                    key: l.id,
                    children: `${l.time} ${l.userName ?? '系统'} ${l.action === 'create' ? '创建项目' : projectActionLabel(l.action)}${l.note ? `：${l.note}` : ''}（${projectStateOf(l.to).label}）`,
                  }))}
                />
              ),
            },
          ]}
        />
      </Card>
      <RejectDialog open={rejecting != null} onClose={() => setRejecting(null)} onReject={(note) => act(p.id, rejecting ?? 'reject', note)} />
    </Space>
  );
}
