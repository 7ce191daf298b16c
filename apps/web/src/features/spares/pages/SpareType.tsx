import { PlusOutlined } from '@ant-design/icons';
import type { SpareType as TypeRow } from '@sk/shared/spares/spares.contract';
import { App, Button, Card, Empty, Form, Input, Space, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useState } from 'react';
import { RecordFormDialog } from '../../../components';
import { useApi, useApiMutation } from '../../../lib/query';
import { rulesOf } from '../../../lib/zodRules';
import { S } from '../api';

function treeOf(rows: TypeRow[], parentId: number | null = null): DataNode[] {
  return rows.filter((r) => r.parentId === parentId).map((r) => ({ key: r.id, title: `${r.name}（${r.spareCount}）`, children: treeOf(rows, r.id) }));
}

/** 备件分类: the tree of spare types; add a root or a child, rename, delete an empty one. */
export default function SpareType() {
  const { modal } = App.useApp();
  const types = useApi(S.typeTree);
  const rows = types.data ?? [];
  const [selected, setSelected] = useState<TypeRow | null>(null);
  const [editing, setEditing] = useState<{ id?: number; parentId: number | null; name: string } | null>(null);
  const save = useApiMutation(S.typeSave, { invalidates: [S.typeTree] });
  const remove = useApiMutation(S.typeRemove, { invalidates: [S.typeTree], onSuccess: () => setSelected(null) });
  const confirmRemove = (t: TypeRow) =>
    modal.confirm({
      title: '删除分类',
      content: `确认删除分类“${t.name}”吗？`,
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () => remove.mutateAsync({ id: t.id }),
    });
  return (
    <Card
      title="备件分类"
      size="small"
      extra={
        <Space wrap>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ parentId: null, name: '' })}>
            新建分类
          </Button>
          <Button disabled={!selected} onClick={() => selected && setEditing({ parentId: selected.id, name: '' })}>
            新建子分类
          </Button>
          <Button disabled={!selected} onClick={() => selected && setEditing({ id: selected.id, parentId: selected.parentId, name: selected.name })}>
            重命名
          </Button>
          <Button danger disabled={!selected} onClick={() => selected && confirmRemove(selected)}>
            删除
          </Button>
        </Space>
      }
    >
      {rows.length ? (
        <Tree
          defaultExpandAll
          treeData={treeOf(rows)}
          selectedKeys={selected ? [selected.id] : []}
          onSelect={(keys) => setSelected(rows.find((r) => r.id === keys[0]) ?? null)}
        />
      ) : (
        <Empty description="暂无分类，请新建" />
      )}
      <RecordFormDialog<{ name: string }>
        open={editing !== null}
        title={editing?.id ? '重命名分类' : editing?.parentId ? '新建子分类' : '新建分类'}
        initialValues={{ name: editing?.name ?? '' }}
        onClose={() => setEditing(null)}
        onSubmit={(v) => save.mutateAsync({ id: editing?.id, parentId: editing?.parentId ?? null, name: v.name })}
      >
        <Form.Item name="name" label="分类名称" rules={rulesOf(S.typeSave.body.shape.name)}>
          <Input maxLength={50} />
        </Form.Item>
      </RecordFormDialog>
    </Card>
  );
}
