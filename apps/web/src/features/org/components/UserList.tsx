import { PlusOutlined } from '@ant-design/icons';
import type { UserRow } from '@sk/shared/org/org.schema';
import { App, Button, Dropdown, Space, Tag, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { FilterSelect, type ListColumn, ListPage, PersonLink } from '../../../components';
import { call } from '../../../lib/api';
import { useUser } from '../../../lib/session';
import { exportUsers, orgContract, userFetcher } from '../api';
import { HandoverDialog } from './HandoverDialog';
import { ROLE_OPTIONS, type UserDefaults, UserFormDialog } from './UserFormDialog';

const ENABLED_OPTIONS = [
  { value: 'true', label: '启用' },
  { value: 'false', label: '停用' },
];

function baseColumns(showProvider: boolean): ListColumn<UserRow>[] {
  const cols: ListColumn<UserRow>[] = [
    { key: 'name', dataIndex: 'name', title: '姓名', render: (_: unknown, r: UserRow) => <PersonLink id={r.id} name={r.name} /> },
    { key: 'mobile', dataIndex: 'mobile', title: '手机号' },
    { key: 'department_name', dataIndex: 'department_name', title: '部门', render: (v: string | null) => v ?? '—' },
    { key: 'roleNames', dataIndex: 'roleNames', title: '角色', render: (v: string) => v || <Typography.Text type="secondary">未分配</Typography.Text> },
    { key: 'admin', dataIndex: 'admin', title: '管理员', render: (v: boolean) => (v ? <Tag color="blue">管理员</Tag> : '否') },
    { key: 'enabled', dataIndex: 'enabled', title: '状态', render: (v: boolean) => <Tag color={v ? 'green' : 'default'}>{v ? '启用' : '停用'}</Tag> },
    { key: 'jobNumber', dataIndex: 'jobNumber', title: '工号', render: (v: string | null) => v ?? '—' },
    { key: 'email', dataIndex: 'email', title: '邮箱', render: (v: string | null) => v ?? '—' },
    { key: 'create_time', dataIndex: 'create_time', title: '创建时间' },
  ];
  if (showProvider) cols.splice(3, 0, { key: 'provider_name', dataIndex: 'provider_name', title: '所属服务商', render: (v: string | null) => v ?? '—' });
  return cols;
}

export interface UserListProps {
  /** Export file name and list title. */
  title: string;
  /** Filters every request carries (department, user type, provider). */
  fixed: Record<string, unknown>;
  /** Starting values of a new user. */
  defaults?: UserDefaults;
  showProvider?: boolean;
  /** More filter-panel fields (antd Form.Item). */
  moreFilters?: ReactNode;
  /** Shown before the list (the page's own header). */
  toolbar?: ReactNode;
  routeKey?: string;
}

/** People as a ListPage: keyword (name or phone), role and status filters; add, edit, enable/disable, hand over, delete, export. */
export function UserList({ title, fixed, defaults, showProvider = false, moreFilters, toolbar, routeKey }: UserListProps) {
  const { modal, message } = App.useApp();
  const me = useUser();
  const [editing, setEditing] = useState<UserRow | null | 'new'>(null);
  const [handover, setHandover] = useState<UserRow | null>(null);

  // The list and the trees refresh through the organisation's staleAfter (../api.ts).
  const afterChange = (text: string) => message.success(text);

  const setEnabled = (u: UserRow, enabled: boolean) =>
    modal.confirm({
      title: enabled ? '启用人员' : '停用人员',
      content: enabled ? `确认启用“${u.name}”吗？` : `确认停用“${u.name}”吗？停用后该人员将无法登录。`,
      okText: '确定',
      cancelText: '取消',
      onOk: () =>
        call(orgContract.userEnabled, { id: u.id, enabled }).then(
          () => afterChange('修改状态成功'),
          () => {},
        ),
    });

  const remove = (u: UserRow) =>
    modal.confirm({
      title: '删除人员',
      content: `确认删除“${u.name}”吗？删除后不可恢复，建议先做工作交接。`,
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () =>
        call(orgContract.userDelete, { id: u.id }).then(
          () => afterChange('删除成功'),
          () => {},
        ),
    });

  const actions: ListColumn<UserRow> = {
    key: 'actions',
    title: '操作',
    fixed: 'right',
    width: 200,
    render: (_: unknown, u: UserRow) => (
      <Space size={0} wrap={false}>
        <Button type="link" size="small" onClick={() => setEditing(u)}>
          编辑
        </Button>
        <Button type="link" size="small" disabled={u.id === me.id} onClick={() => setEnabled(u, !u.enabled)}>
          {u.enabled ? '停用' : '启用'}
        </Button>
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              { key: 'handover', label: '工作交接' },
              { key: 'delete', label: '删除', danger: true, disabled: u.id === me.id },
            ],
            onClick: ({ key }) => (key === 'handover' ? setHandover(u) : remove(u)),
          }}
        >
          <Button type="link" size="small" aria-label={`${u.name}更多操作`}>
            更多
          </Button>
        </Dropdown>
      </Space>
    ),
  };
  const columns = [...baseColumns(showProvider), actions];
  const defaultColumns = columns
    .slice(0, 8)
    .map((c) => c.key)
    .concat('actions');

  return (
    <>
      <ListPage<UserRow>
        title={title}
        routeKey={routeKey}
        columns={columns}
        defaultColumns={defaultColumns}
        fetch={userFetcher}
        // another department (or provider) chosen: its people, from the first page
        params={fixed}
        sort={false}
        keywordPlaceholder="请输入姓名或手机号"
        filters={
          <>
            <FilterSelect name="role" label="角色" width={160} options={ROLE_OPTIONS} />
            <FilterSelect name="enabled" label="状态" width={120} options={ENABLED_OPTIONS} />
            {moreFilters}
          </>
        }
        toolbar={
          <>
            {toolbar}
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              新增人员
            </Button>
          </>
        }
        onExport={({ fileName, ids, query }) => exportUsers(fileName, ids.map(Number), query, fixed)}
      />
      <UserFormDialog open={editing !== null} user={editing === 'new' ? null : editing} defaults={defaults} onClose={() => setEditing(null)} />
      <HandoverDialog from={handover} onClose={() => setHandover(null)} />
    </>
  );
}
