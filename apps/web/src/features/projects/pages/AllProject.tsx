import { PlusOutlined } from '@ant-design/icons';
import { POWERS } from '@sk/shared/auth/powers';
import { PROJECT_EXPORT_NAME, PROJECT_STATES } from '@sk/shared/projects/projects.constants';
import type { ProjectRow } from '@sk/shared/projects/projects.contract';
import { Button, Form, Progress, Select, Tag } from 'antd';
import type { Key } from 'react';
import { Link, useNavigate } from 'react-router';
import { DateRangePicker, type ListColumn, ListPage, PersonField, PersonLink, type Person, pairFetcher } from '../../../components';
import { call } from '../../../lib/api';
import { useApi } from '../../../lib/query';
import { useCan } from '../../../lib/session';
import { exportProjects, projectContract, projectPath, projectStateOf } from '../api';

/** The eight columns of spec part 1 §2. */
const columns: ListColumn<ProjectRow>[] = [
  { key: 'project_no', dataIndex: 'project_no', title: '项目编号', render: (v: string, r) => <Link to={projectPath(r.id)}>{v}</Link> },
  { key: 'name', dataIndex: 'name', title: '项目名称' },
  { key: 'project_tmpl_name', dataIndex: 'project_tmpl_name', title: '项目模板', render: (v: string | null) => v || '—' },
  {
    key: 'project_state',
    dataIndex: 'project_state',
    title: '状态',
    render: (s: number) => <Tag color={projectStateOf(s).color}>{projectStateOf(s).label}</Tag>,
  },
  { key: 'create_user_name', dataIndex: 'create_user_name', title: '创建人', render: (v: string | null, r) => <PersonLink id={r.fk_t_create_user_id} name={v} /> },
  { key: 'create_time', dataIndex: 'create_time', title: '创建时间' },
  { key: 'finish_time', dataIndex: 'finish_time', title: '完成时间', render: (v: string | null) => v || '—' },
  {
    key: 'progress_speed',
    dataIndex: 'progress_speed',
    title: '进度',
    render: (v: string) => <Progress percent={Number.parseInt(v, 10) || 0} size="small" style={{ minWidth: 120 }} />,
  },
];

export function TemplateSelect(props: { value?: number; onChange?: (v: number | undefined) => void; style?: React.CSSProperties; placeholder?: string }) {
  const t = useApi(projectContract.tmplList, undefined, { call: { silent: true } });
  return <Select allowClear style={{ width: 180 }} options={(t.data ?? []).map((x) => ({ value: x.id, label: x.name }))} {...props} />;
}

const stateOptions = [{ value: -1, label: '全部' }, ...Object.entries(PROJECT_STATES).map(([k, v]) => ({ value: Number(k), label: v.label }))];

/** Filter panel: state, template, creator (picker), creation range (spec part 1 §2). */
function Filters() {
  return (
    <>
      <Form.Item name="project_state" label="项目状态">
        <Select allowClear placeholder="全部" style={{ width: 140 }} options={stateOptions} />
      </Form.Item>
      <Form.Item name="fk_t_project_tmpl_id" label="项目模板">
        <TemplateSelect />
      </Form.Item>
      <Form.Item name="creator" label="创建人">
        <PersonField placeholder="选择创建人" />
      </Form.Item>
      <Form.Item name="create" label="创建时间">
        <DateRangePicker />
      </Form.Item>
    </>
  );
}

const mapFilters = (v: Record<string, unknown>) => {
  const { create, creator, ...rest } = v;
  const range = Array.isArray(create) ? (create as string[]) : [];
  const who = Array.isArray(creator) ? (creator as Person[]) : [];
  return {
    ...rest,
    fk_t_create_user_id: who[0]?.id,
    start_create_time: range[0] || undefined,
    end_create_time: range[1] || undefined,
  };
};

const fetchProjects = pairFetcher<ProjectRow>(projectContract.list, projectContract.count);

/** /allProject — project management (spec part 1 §2). */
export default function AllProject() {
  const can = useCan();
  const navigate = useNavigate();
  return (
    <ListPage<ProjectRow>
      title={PROJECT_EXPORT_NAME}
      columns={columns}
      fetch={fetchProjects}
      keywordPlaceholder="请输入项目名称或编号"
      filters={<Filters />}
      mapFilters={mapFilters}
      toolbar={
        can(POWERS.createProject) ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/newproject')}>
            新建项目
          </Button>
        ) : null
      }
      phoneCard={['name', 'project_state', 'project_no', 'create_user_name', 'progress_speed']}
      selectable
      exportAll={false}
      onExport={can(POWERS.export) ? ({ fileName, ids, query }) => exportProjects(fileName, ids.map(Number), query) : undefined}
      onDelete={can(POWERS.createProject) ? (ids: Key[]) => call(projectContract.batchDelete, { ids: ids.map(Number) }) : undefined}
    />
  );
}
