// Showcase of the shared widgets at /widgetDemo (reachable by URL only, in no menu): the browser tests drive it
// until the organisation pages use the same widgets. /widgetDemo/:variant gets its own column choice.
import { filesContract, orgContract, PICKER_ROLES, ROLES, type UserRow } from '@sk/shared';
import { Button, Card, Form, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { call } from '../../lib/api';
import { labelOptions } from '../../lib/options';
import { DateRangePicker } from '../DateRangePicker';
import { Elapsed } from '../Elapsed';
import { FileLink } from '../FileLink';
import { FileSize } from '../FileSize';
import type { ListColumn } from '../list/columns';
import { contractFetcher } from '../list/fetchers';
import { ListPage } from '../list/ListPage';
import { PersonLink } from '../PersonLink';
import { type Person, PersonPicker } from '../PersonPicker';
import { SaveButton } from '../SaveButton';
import { ScannerInput } from '../ScannerInput';
import { toast } from '../toast';

const columns: ListColumn<UserRow>[] = [
  { key: 'name', dataIndex: 'name', title: '姓名', render: (_: unknown, r: UserRow) => <PersonLink id={r.id} name={r.name} /> },
  { key: 'mobile', dataIndex: 'mobile', title: '手机号' },
  { key: 'department_name', dataIndex: 'department_name', title: '部门' },
  { key: 'roleNames', dataIndex: 'roleNames', title: '角色' },
  { key: 'jobNumber', dataIndex: 'jobNumber', title: '工号' },
  { key: 'email', dataIndex: 'email', title: '邮箱' },
  { key: 'userType', dataIndex: 'userType', title: '人员类型', render: (v: number) => (v === 1 ? '外包人员' : '内部员工') },
  { key: 'admin', dataIndex: 'admin', title: '管理员', render: (v: boolean) => (v ? '是' : '否') },
  { key: 'enabled', dataIndex: 'enabled', title: '状态', render: (v: boolean) => <Tag color={v ? 'green' : 'default'}>{v ? '启用' : '停用'}</Tag> },
  { key: 'create_time', dataIndex: 'create_time', title: '创建时间' },
  { key: 'provider_name', dataIndex: 'provider_name', title: '服务商' },
];

const fetchUsers = contractFetcher<UserRow>(orgContract.userList);
const roleOptions = labelOptions(ROLES);

function Pickers() {
  const [picker, setPicker] = useState<'multi' | 'service' | null>(null);
  const [people, setPeople] = useState<Person[]>([]);
  return (
    <Space wrap>
      <Button onClick={() => setPicker('multi')}>选择人员</Button>
      <Button onClick={() => setPicker('service')}>选择服务人员</Button>
      <span data-testid="picked-people">
        {people.map((p) => (
          <Tag key={p.id}>
            <PersonLink id={p.id} name={p.name} />
          </Tag>
        ))}
      </span>
      <PersonPicker
        open={picker !== null}
        multiple={picker === 'multi'}
        role={picker === 'service' ? PICKER_ROLES.servicePerson : undefined}
        value={people}
        onCancel={() => setPicker(null)}
        onOk={(p) => {
          setPeople(p);
          setPicker(null);
        }}
      />
    </Space>
  );
}

function OtherWidgets() {
  const [scanned, setScanned] = useState('');
  const [range, setRange] = useState<[string, string] | null>(null);
  return (
    <Space orientation="vertical">
      <Space wrap>
        <DateRangePicker value={range} onChange={setRange} />
        <span data-testid="range-value">{range ? range.join(' ~ ') : ''}</span>
      </Space>
      <Space wrap>
        <ScannerInput style={{ width: 240 }} value={scanned} onChange={setScanned} onScan={(c) => toast.success(`扫码：${c}`)} />
        <SaveButton onSave={() => new Promise((r) => setTimeout(r, 800)).then(() => toast.success('保存成功'))} />
      </Space>
      <Space wrap>
        <FileLink url="/favicon.ico" name="说明书.pdf" />
        <Elapsed time={Date.now() - 3 * 3600_000} />
        <FileSize bytes={1536 * 1024} />
      </Space>
    </Space>
  );
}

export default function WidgetDemo() {
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size={16}>
      <Card title="人员列表" size="small">
        <ListPage<UserRow>
          title="人员列表"
          columns={columns}
          fetch={fetchUsers}
          keywordPlaceholder="请输入姓名或手机号"
          filters={
            <>
              <Form.Item name="role" label="角色">
                <Select allowClear style={{ width: 160 }} options={roleOptions} placeholder="全部" />
              </Form.Item>
              <Form.Item name="enabled" label="状态">
                <Select
                  allowClear
                  style={{ width: 120 }}
                  placeholder="全部"
                  options={[
                    { value: 'true', label: '启用' },
                    { value: 'false', label: '停用' },
                  ]}
                />
              </Form.Item>
            </>
          }
          toolbar={
            <Button type="primary" onClick={() => toast.info('演示页不新建人员')}>
              新建
            </Button>
          }
          onExport={({ fileName, ids, query }) => {
            const { pageIndex: _i, pageSize: _s, sortType: _t, ...filters } = query;
            return call(filesContract.exportUser, { ...filters, fileName, ids: ids.map(Number) } as never);
          }}
        />
      </Card>
      <Card title="人员选择" size="small">
        <Pickers />
      </Card>
      <Card title="其他组件" size="small">
        <OtherWidgets />
      </Card>
    </Space>
  );
}
