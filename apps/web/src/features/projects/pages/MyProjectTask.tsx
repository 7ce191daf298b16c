import type { MyTaskRow } from '@sk/shared/projects/projects.contract';
import { Card, Tag } from 'antd';
import { Link } from 'react-router';
import { contractFetcher, type ListColumn, ListPage } from '../../../components';
import { projectContract, projectPath, taskPath, taskStateOf } from '../api';

const fetchMine = contractFetcher<MyTaskRow>(projectContract.myTaskList);

/** 我的任务: the open tasks the user is the principal of, each opening its task page (docs/decisions.md, Projects). */
export default function MyProjectTask() {
  const columns: ListColumn<MyTaskRow>[] = [
    { key: 'name', dataIndex: 'name', title: '任务', render: (v: string, r) => <Link to={taskPath(r.id)}>{v}</Link> },
    {
      key: 'state',
      dataIndex: 'state',
      title: '状态',
      render: (v: number) => {
        const st = taskStateOf(v);
        return <Tag color={st.color}>{st.label}</Tag>;
      },
    },
    {
      key: 'projectName',
      dataIndex: 'projectName',
      title: '项目',
      render: (v: string, r) => <Link to={projectPath(r.projectId)}>{`${r.projectNo} ${v}`}</Link>,
    },
    { key: 'stageName', dataIndex: 'stageName', title: '阶段' },
    { key: 'planEnd', dataIndex: 'planEnd', title: '计划完成', render: (v: string | null) => v ?? '—' },
  ];
  return (
    <Card title="我的任务" size="small">
      <ListPage<MyTaskRow> title="我的任务" columns={columns} fetch={fetchMine} sort={false} phoneCard={['name', 'state', 'projectName', 'planEnd']} />
    </Card>
  );
}
