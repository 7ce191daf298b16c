import { ApartmentOutlined, MoreOutlined, PlusOutlined } from '@ant-design/icons';
import type { DeptNode } from '@sk/shared/org/org.schema';
import { App, Button, Dropdown, Empty, Input, Spin, Tree, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useApiMutation } from '../../../lib/query';
import { filterTree, flattenDepts, ORG_READS, orgContract, useDeptTree } from '../api';
import { type DeptAction, DeptDialog } from './DeptDialogs';

interface TreeItem {
  key: number;
  node: DeptNode;
  children: TreeItem[];
}

const toItems = (nodes: DeptNode[]): TreeItem[] => nodes.map((n) => ({ key: n.id, node: n, children: toItems(n.children) }));

export interface DeptTreeProps {
  selected: number | null;
  onSelect: (dept: DeptNode | null) => void;
  /** Shows the add / rename / move / delete actions. */
  editable: boolean;
}

/** The department tree: select one to list its people; add a child, rename, move or delete from each node's menu. */
export function DeptTree({ selected, onSelect, editable }: DeptTreeProps) {
  const { modal } = App.useApp();
  const tree = useDeptTree();
  const [search, setSearch] = useState('');
  const [action, setAction] = useState<DeptAction | null>(null);
  // Everything starts expanded (new departments too); only what the user folds stays folded.
  const [folded, setFolded] = useState<Set<number>>(new Set());
  const del = useApiMutation(orgContract.deptDelete, {
    invalidates: ORG_READS,
    onSuccess: (_d, v) => {
      if (v.id === selected) onSelect(null);
    },
  });
  const items = useMemo(() => toItems(filterTree(tree.data ?? [], search.trim())), [tree.data, search]);
  const allKeys = useMemo(() => flattenDepts(tree.data).map((d) => d.id), [tree.data]);
  const expanded = search ? allKeys : allKeys.filter((k) => !folded.has(k));

  const confirmDelete = (d: DeptNode) =>
    modal.confirm({
      title: '删除部门',
      content: `确认删除部门“${d.name}”吗？`,
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () => del.mutateAsync({ id: d.id }).catch(() => {}),
    });

  const menuOf = (d: DeptNode) => ({
    items: [
      { key: 'add', label: '新增子部门' },
      { key: 'rename', label: '重命名' },
      { key: 'move', label: '移动', disabled: d.parentId == null },
      { key: 'delete', label: '删除', danger: true },
    ],
    onClick: ({ key, domEvent }: { key: string; domEvent: { stopPropagation: () => void } }) => {
      domEvent.stopPropagation();
      if (key === 'add') setAction({ kind: 'add', parent: d });
      else if (key === 'rename') setAction({ kind: 'rename', dept: d });
      else if (key === 'move') setAction({ kind: 'move', dept: d });
      else confirmDelete(d);
    },
  });

  const title = (item: TreeItem) => (
    <span className="sk-dept-node" data-dept={item.node.name}>
      <span className="sk-dept-name">
        {item.node.name}
        <Typography.Text type="secondary"> ({item.node.allUserCount})</Typography.Text>
      </span>
      {editable && (
        <Dropdown menu={menuOf(item.node)} trigger={['click']}>
          <Button type="text" size="small" icon={<MoreOutlined />} aria-label={`${item.node.name}操作`} onClick={(e) => e.stopPropagation()} />
        </Dropdown>
      )}
    </span>
  );

  return (
    <div className="sk-dept-tree">
      <div className="sk-dept-tools">
        <Input.Search allowClear placeholder="搜索部门" aria-label="搜索部门" onSearch={setSearch} onChange={(e) => !e.target.value && setSearch('')} />
        {editable && (
          // Disabled until the tree loads, so the dialog names the real parent.
          <Button icon={<PlusOutlined />} disabled={!tree.data} onClick={() => setAction({ kind: 'add', parent: tree.data?.[0] ?? null })}>
            新增部门
          </Button>
        )}
      </div>
      <button type="button" className={`sk-dept-all${selected === null ? ' active' : ''}`} onClick={() => onSelect(null)}>
        <ApartmentOutlined /> 全部人员
      </button>
      {tree.isLoading ? (
        <Spin />
      ) : items.length ? (
        <Tree<TreeItem>
          blockNode
          expandedKeys={expanded}
          onExpand={(keys) => setFolded(new Set(allKeys.filter((k) => !keys.includes(k))))}
          treeData={items}
          selectedKeys={selected === null ? [] : [selected]}
          titleRender={title}
          onSelect={(_keys, info) => onSelect(info.selected ? info.node.node : null)}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无部门" />
      )}
      <DeptDialog action={action} onClose={() => setAction(null)} />
    </div>
  );
}
