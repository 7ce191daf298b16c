import { PlusOutlined } from '@ant-design/icons';
import type { GroupRow } from '@sk/shared/org/org.schema';
import { App, Button, Card, Space, Tag } from 'antd';
import { useState } from 'react';
import { FilterSelect, type ListColumn, ListPage, PersonLink } from '../../../components';
import { call } from '../../../lib/api';
import { groupFetcher, teamContract } from '../api';
import { GROUP_TYPE_OPTIONS, GroupFormDialog } from '../components/GroupFormDialog';

/** Service groups (teams): type filter and search; create and edit with leader and members. */
export default function ServiceGroup() {
  const { modal, message } = App.useApp();
  const [editing, setEditing] = useState<GroupRow | null | 'new'>(null);

  const remove = (g: GroupRow) =>
    modal.confirm({
      title: '删除服务团队',
      content: `确认删除“${g.name}”吗？`,
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () =>
        call(teamContract.groupDelete, { id: g.id }).then(
          () => message.success('删除成功'), // the list refreshes through the organisation's staleAfter (../api.ts)
          () => {},
        ),
    });

  const columns: ListColumn<GroupRow>[] = [
    { key: 'name', dataIndex: 'name', title: '团队名称' },
    { key: 'typeName', dataIndex: 'typeName', title: '团队类型', render: (v: string, r: GroupRow) => <Tag color={r.type === 1 ? 'blue' : 'purple'}>{v}</Tag> },
    {
      key: 'leader_name',
      dataIndex: 'leader_name',
      title: '负责人',
      render: (_: unknown, r: GroupRow) => (r.leaderId ? <PersonLink id={r.leaderId} name={r.leader_name} /> : '—'),
    },
    { key: 'memberCount', dataIndex: 'memberCount', title: '成员数' },
    { key: 'remark', dataIndex: 'remark', title: '备注', render: (v: string | null) => v || '—' },
    { key: 'create_time', dataIndex: 'create_time', title: '创建时间' },
    {
      key: 'actions',
      title: '操作',
      fixed: 'right',
      width: 140,
      render: (_: unknown, g: GroupRow) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing(g)}>
            编辑
          </Button>
          <Button type="link" size="small" danger onClick={() => remove(g)}>
            删除
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Card title="服务团队" size="small">
      <ListPage<GroupRow>
        title="服务团队"
        columns={columns}
        fetch={groupFetcher}
        sort={false}
        keywordPlaceholder="请输入团队名称"
        filters={<FilterSelect name="type" label="团队类型" width={160} options={GROUP_TYPE_OPTIONS} />}
        toolbar={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            新建团队
          </Button>
        }
        onDelete={async (ids) => {
          for (const id of ids) await call(teamContract.groupDelete, { id: Number(id) });
        }}
      />
      <GroupFormDialog open={editing !== null} group={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
    </Card>
  );
}
