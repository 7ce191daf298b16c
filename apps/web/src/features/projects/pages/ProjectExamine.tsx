import type { ExamineRow } from '@sk/shared/projects/projects.contract';
import { Button, Card, Space, Table, Tag } from 'antd';
import { Link, useLocation } from 'react-router';
import { EmptyState } from '../../../components';
import { call } from '../../../lib/api';
import { useApi } from '../../../lib/query';
import { projectContract, projectPath } from '../api';

const KIND: Record<ExamineRow['kind'], string> = { create: '创建审批', finish: '完成审批', task: '进度审批' };

async function decide(r: ExamineRow, approve: boolean) {
  try {
    if (r.kind === 'task') await call(projectContract.taskAction, { id: r.id, action: approve ? 'approve' : 'reject' }, { successToast: true });
    else
      await call(
        projectContract.examine,
        { id: r.id, action: r.kind === 'create' ? (approve ? 'approve' : 'reject') : approve ? 'approveFinish' : 'rejectFinish' },
        { successToast: true },
      );
  } catch {
    // the call has shown its message
  }
}

/** /projectexamine (creation and finish approvals) and /projectplanexamine (task progress approvals). */
export default function ProjectExamine() {
  const { pathname } = useLocation();
  const kind = /projectplanexamine|allproject\/examine/i.test(pathname) ? 'task' : 'project';
  const list = useApi(projectContract.examineList, { kind });
  return (
    <Card size="small" title={kind === 'task' ? '进度审批' : '项目审批'}>
      <Table<ExamineRow>
        rowKey={(r) => `${r.kind}-${r.id}`}
        loading={list.isLoading}
        dataSource={list.data ?? []}
        locale={{ emptyText: <EmptyState /> }}
        scroll={{ x: 'max-content' }}
        pagination={false}
        columns={[
          { key: 'kind', title: '审批类型', dataIndex: 'kind', render: (k: ExamineRow['kind']) => <Tag color="orange">{KIND[k]}</Tag> },
          { key: 'projectNo', title: '项目编号', dataIndex: 'projectNo', render: (v: string, r) => <Link to={projectPath(r.projectId)}>{v}</Link> },
          { key: 'projectName', title: '项目名称', dataIndex: 'projectName' },
          ...(kind === 'task' ? [{ key: 'taskName', title: '任务', dataIndex: 'taskName' }] : []),
          { key: 'applicantName', title: kind === 'task' ? '负责人' : '申请人', dataIndex: 'applicantName', render: (v: string | null) => v ?? '—' },
          { key: 'time', title: '提交时间', dataIndex: 'time' },
          {
            key: 'actions',
            title: '操作',
            render: (_: unknown, r) => (
              <Space>
                <Button size="small" type="primary" onClick={() => decide(r, true)}>
                  通过
                </Button>
                <Button size="small" danger onClick={() => decide(r, false)}>
                  驳回
                </Button>
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}
