import type { ProjectRow } from '@sk/shared/projects/projects.contract';
import { Progress, Tag } from 'antd';
import { Link } from 'react-router';
import { type ListColumn, PersonLink } from '../../components';
import { projectPath, projectStateOf } from './api';

/** The project list's eight columns, as the spec lists them. */
export const projectColumns: ListColumn<ProjectRow>[] = [
  { key: 'project_no', dataIndex: 'project_no', title: '项目编号', render: (v: string, r) => <Link to={projectPath(r.id)}>{v}</Link> },
  { key: 'name', dataIndex: 'name', title: '项目名称' },
  { key: 'project_tmpl_name', dataIndex: 'project_tmpl_name', title: '项目模板', render: (v: string | null) => v || '—' },
  {
    key: 'project_state',
    dataIndex: 'project_state',
    title: '状态',
    render: (s: number) => <Tag color={projectStateOf(s).color}>{projectStateOf(s).label}</Tag>,
  },
  {
    key: 'create_user_name',
    dataIndex: 'create_user_name',
    title: '创建人',
    render: (v: string | null, r) => <PersonLink id={r.fk_t_create_user_id} name={v} />,
  },
  { key: 'create_time', dataIndex: 'create_time', title: '创建时间' },
  { key: 'finish_time', dataIndex: 'finish_time', title: '完成时间', render: (v: string | null) => v || '—' },
  {
    key: 'progress_speed',
    dataIndex: 'progress_speed',
    title: '进度',
    render: (v: string) => {
      const percent = Number.parseInt(v, 10) || 0;
      return <Progress percent={percent} size="small" style={{ minWidth: 120 }} aria-label={`项目进度 ${percent}%`} />;
    },
  },
];
