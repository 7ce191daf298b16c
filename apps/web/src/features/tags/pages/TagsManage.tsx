import { PlusOutlined } from '@ant-design/icons';
import { hasPower, POWERS } from '@sk/shared/auth/powers';
import type { Tag as TagRow } from '@sk/shared/tags/tags.contract';
import { Alert, App, Button, Card, Segmented, Space } from 'antd';
import { useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ColorTag, type ListColumn, ListPage, type ListQuery, withReads } from '../../../components';
import { call } from '../../../lib/api';
import { useUser } from '../../../lib/session';
import { tagsContract } from '../api';
import { TagDialog } from '../components/TagDialog';
import { TAG_KINDS, tagKindOf } from '../tags';

/** Person, order and customer tags (codes 1, 3, 4): name and colour; create, edit, delete. */
export default function TagsManage() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { modal, message } = App.useApp();
  const user = useUser();
  const kind = tagKindOf(pathname);
  const editable = hasPower(user.powers, POWERS.tagManage);
  const [editing, setEditing] = useState<TagRow | null | 'new'>(null);

  // the endpoint answers every tag of a code; keyword and paging happen here. A write refreshes it through staleAfter (../api.ts).
  const fetch = useMemo(
    () =>
      withReads(async (q: ListQuery) => {
        const all = await call(tagsContract.list, { code: kind.code });
        const k = q.keyword?.trim();
        const found = k ? all.filter((t) => t.name.includes(k)) : all;
        const start = q.pageIndex * q.pageSize;
        return { list: found.slice(start, start + q.pageSize), count: found.length };
      }, tagsContract.list),
    [kind.code],
  );

  const remove = (t: TagRow) =>
    modal.confirm({
      title: '删除标签',
      content: `确认删除标签“${t.name}”吗？已打上该标签的记录将同时移除该标签。`,
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () =>
        call(tagsContract.remove, { ids: [t.id] }).then(
          () => message.success('删除成功'),
          () => {},
        ),
    });

  const columns: ListColumn<TagRow>[] = [
    { key: 'name', dataIndex: 'name', title: '标签名称', render: (v: string, t: TagRow) => <ColorTag color={t.color_rgb}>{v}</ColorTag> },
    {
      key: 'color_rgb',
      dataIndex: 'color_rgb',
      title: '颜色',
      render: (v: string) => (
        <Space size={6}>
          <span style={{ display: 'inline-block', width: 14, height: 14, borderRadius: 3, background: v }} />
          {v}
        </Space>
      ),
    },
    { key: 'create_time', dataIndex: 'create_time', title: '创建时间' },
    {
      key: 'actions',
      title: '操作',
      width: 140,
      render: (_: unknown, t: TagRow) => (
        <Space size={0}>
          <Button type="link" size="small" disabled={!editable} onClick={() => setEditing(t)}>
            编辑
          </Button>
          <Button type="link" size="small" danger disabled={!editable} onClick={() => remove(t)} aria-label={`删除${t.name}`}>
            删除
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Card
      title="标签管理"
      size="small"
      extra={<Segmented value={kind.path} onChange={(p) => navigate(p)} options={TAG_KINDS.map((k) => ({ value: k.path, label: k.title }))} />}
    >
      <Alert type="info" showIcon title={kind.purpose} style={{ marginBottom: 12 }} />
      <ListPage<TagRow>
        key={kind.code}
        title={kind.title}
        columns={columns}
        fetch={fetch}
        sort={false}
        keywordPlaceholder="请输入标签名称"
        toolbar={
          <Button type="primary" icon={<PlusOutlined />} disabled={!editable} onClick={() => setEditing('new')}>
            新建标签
          </Button>
        }
        onDelete={editable ? (ids) => call(tagsContract.remove, { ids: ids.map(Number) }) : undefined}
      />
      <TagDialog code={kind.code} tag={editing === 'new' ? null : editing} open={editing !== null} onClose={() => setEditing(null)} />
    </Card>
  );
}
