// 故障管理 (/fault/mode): one tree per product category — 故障现象 → 故障原因 → 处理措施, each with its code.
import { FAULT_LEVELS, GENERAL_CATEGORY_NAME } from '@sk/shared/quality/quality.constants';
import type { FaultNode } from '@sk/shared/quality/fault.contract';
import { Button, Card, Empty, Form, Input, InputNumber, Popconfirm, Select, Space, Spin, Tag, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useMemo, useState } from 'react';
import { RecordFormDialog } from '../../../components';
import { useApi, useApiMutation } from '../../../lib/query';
import { rulesOf } from '../../../lib/zodRules';
import { F } from '../api';

interface Values {
  code: string;
  name: string;
  sort: number;
}
type Editing = { mode: 'add'; parent: FaultNode | null } | { mode: 'edit'; node: FaultNode } | null;

const body = F.create.body.shape;
const LEVEL_COLORS = { 1: 'orange', 2: 'blue', 3: 'green' } as const;

function treeOf(list: FaultNode[], render: (n: FaultNode) => React.ReactNode): DataNode[] {
  const children = (parent: number | null): DataNode[] =>
    list.filter((n) => n.parentId === parent).map((n) => ({ key: n.id, title: render(n), children: children(n.id) }));
  return children(null);
}

export default function FaultMode() {
  const [category, setCategory] = useState('');
  const tree = useApi(F.list, { category });
  const [editing, setEditing] = useState<Editing>(null);
  const create = useApiMutation(F.create);
  const update = useApiMutation(F.update);
  const remove = useApiMutation(F.remove);
  const list = tree.data?.list ?? [];
  const options = useMemo(
    () => [{ value: '', label: GENERAL_CATEGORY_NAME }, ...(tree.data?.categories ?? []).map((c) => ({ value: c, label: c }))],
    [tree.data?.categories],
  );
  const render = (n: FaultNode) => (
    <Space size={4} wrap>
      <Tag color={LEVEL_COLORS[n.level as 1 | 2 | 3]}>{FAULT_LEVELS[n.level as 1 | 2 | 3]}</Tag>
      <span>
        {n.code} {n.name}
      </span>
      {n.level < 3 ? (
        <Button size="small" type="link" onClick={() => setEditing({ mode: 'add', parent: n })}>
          添加{FAULT_LEVELS[(n.level + 1) as 2 | 3]}
        </Button>
      ) : null}
      <Button size="small" type="link" onClick={() => setEditing({ mode: 'edit', node: n })}>
        编辑
      </Button>
      <Popconfirm title="删除后其下级一并删除，确定删除？" okText="删除" cancelText="取消" onConfirm={() => remove.mutateAsync({ id: n.id })}>
        <Button size="small" type="link" danger>
          删除
        </Button>
      </Popconfirm>
    </Space>
  );
  const submit = async (v: Values) => {
    if (editing?.mode === 'edit') return update.mutateAsync({ id: editing.node.id, ...v });
    return create.mutateAsync({ category, parentId: editing?.mode === 'add' ? (editing.parent?.id ?? null) : null, ...v });
  };
  const title =
    editing?.mode === 'edit'
      ? `编辑${FAULT_LEVELS[editing.node.level as 1 | 2 | 3]}`
      : `添加${FAULT_LEVELS[((editing?.mode === 'add' ? (editing.parent?.level ?? 0) : 0) + 1) as 1 | 2 | 3]}`;
  return (
    <Card
      title="故障管理"
      size="small"
      extra={
        <Space wrap>
          <span>产品分类</span>
          <Select aria-label="产品分类" style={{ width: 180 }} value={category} options={options} onChange={setCategory} />
          <Button type="primary" onClick={() => setEditing({ mode: 'add', parent: null })}>
            添加故障现象
          </Button>
        </Space>
      }
    >
      {tree.isLoading ? (
        <Spin />
      ) : list.length === 0 ? (
        <Empty description="该产品分类下暂无故障模式" />
      ) : (
        <Tree defaultExpandAll blockNode selectable={false} treeData={treeOf(list, render)} key={`${category}:${list.length}`} />
      )}
      <RecordFormDialog<Values>
        open={editing != null}
        title={title}
        name="faultMode"
        initialValues={editing?.mode === 'edit' ? { code: editing.node.code, name: editing.node.name, sort: editing.node.sort } : { sort: 0 }}
        onSubmit={submit}
        onClose={() => setEditing(null)}
      >
        <Form.Item name="code" label="编码" rules={rulesOf(body.code)}>
          <Input placeholder="如 AC01.02" />
        </Form.Item>
        <Form.Item name="name" label="名称" rules={rulesOf(body.name)}>
          <Input />
        </Form.Item>
        <Form.Item name="sort" label="排序">
          <InputNumber min={0} max={9999} precision={0} />
        </Form.Item>
      </RecordFormDialog>
    </Card>
  );
}
