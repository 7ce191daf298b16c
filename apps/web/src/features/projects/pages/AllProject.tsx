import { PlusOutlined } from '@ant-design/icons';
import { POWERS } from '@sk/shared/auth/powers';
import { PROJECT_EXPORT_NAME, PROJECT_STATES } from '@sk/shared/projects/projects.constants';
import type { ProjectRow } from '@sk/shared/projects/projects.contract';
import { Button, Form, Select } from 'antd';
import type { Key } from 'react';
import { useNavigate } from 'react-router';
import { DateRangePicker, ListPage, PersonField, type Person, pairFetcher } from '../../../components';
import { call } from '../../../lib/api';
import { useApi } from '../../../lib/query';
import { useCan } from '../../../lib/session';
import { exportProjects, projectContract } from '../api';
import { projectColumns } from '../columns';

export function TemplateSelect(props: { value?: number; onChange?: (v: number | undefined) => void; style?: React.CSSProperties; placeholder?: string }) {
  const t = useApi(projectContract.tmplList, undefined, { call: { silent: true } });
  return <Select allowClear style={{ width: 180 }} options={(t.data ?? []).map((x) => ({ value: x.id, label: x.name }))} {...props} />;
}

const stateOptions = [{ value: -1, label: '全部' }, ...Object.entries(PROJECT_STATES).map(([k, v]) => ({ value: Number(k), label: v.label }))];

/** Filter panel: state, template, creator (picker), creation range. */
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

const columns = projectColumns;
const fetchProjects = pairFetcher<ProjectRow>(projectContract.list, projectContract.count);

/** /allProject — project management. */
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
