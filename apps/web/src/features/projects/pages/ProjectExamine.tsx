import type { ExamineRow } from '@sk/shared/projects/projects.contract';
import { Button, Card, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { EmptyState } from '../../../components';
import { call } from '../../../lib/api';
import { invalidate, useApi } from '../../../lib/query';
import { projectContract, projectPath, taskPath } from '../api';
import { RejectDialog } from '../components/RejectDialog';

const KIND: Record<ExamineRow['kind'], string> = { create: '创建审批', finish: '完成审批', task: '进度审批' };

async function decide(r: ExamineRow, approve: boolean, note?: string) {
  if (r.kind === 'task') return call(projectContract.taskAction, { id: r.id, action: approve ? 'approve' : 'reject', note }, { successToast: true });
  const action = r.kind === 'create' ? (approve ? 'approve' : 'reject') : approve ? 'approveFinish' : 'rejectFinish';
  return call(projectContract.examine, { id: r.id, action, note }, { successToast: true });
}

/**
 * /projectexamine (creation and finish approvals) and /projectplanexamine (task progress approvals): what waits for
 * the viewer — as the named approver, or as an approver of the current step of an approval flow. Any staff user may
 * open them (docs/decisions.md, Projects); the server lists only his own items and checks every decision.
 */
export default function ProjectExamine() {
  const { pathname } = useLocation();
  const kind = /projectplanexamine/i.test(pathname) ? 'task' : 'project';
  const list = useApi(projectContract.examineList, { kind });
  const [rejecting, setRejecting] = useState<ExamineRow | null>(null);
  const approve = async (r: ExamineRow) => {
    try {
      await decide(r, true);
    } catch {
      // the call has shown its message
    }
    void invalidate(projectContract.examineList);
  };
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
          ...(kind === 'task'
            ? [{ key: 'taskName', title: '任务', dataIndex: 'taskName', render: (v: string, r: ExamineRow) => <Link to={taskPath(r.id)}>{v}</Link> }]
            : []),
          { key: 'applicantName', title: kind === 'task' ? '负责人' : '申请人', dataIndex: 'applicantName', render: (v: string | null) => v ?? '—' },
          { key: 'time', title: '提交时间', dataIndex: 'time' },
          {
            key: 'actions',
            title: '操作',
            render: (_: unknown, r) => (
              <Space>
                <Button size="small" type="primary" onClick={() => void approve(r)}>
                  通过
                </Button>
                <Button size="small" danger onClick={() => setRejecting(r)}>
                  驳回
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <RejectDialog
        open={rejecting != null}
        onClose={() => setRejecting(null)}
        onReject={async (note) => {
          if (!rejecting) return;
          await decide(rejecting, false, note);
          void invalidate(projectContract.examineList);
        }}
      />
    </Card>
  );
}
