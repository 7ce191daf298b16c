import type { DeptNode } from '@sk/shared/org/org.schema';
import { TreeSelect, type TreeSelectProps } from 'antd';
import { useMemo } from 'react';
import { useDeptTree } from '../api';

interface TreeOption {
  value: number;
  title: string;
  disabled?: boolean;
  children: TreeOption[];
}

const toOptions = (nodes: DeptNode[], blocked: Set<number>): TreeOption[] =>
  nodes.map((n) => ({ value: n.id, title: n.name, disabled: blocked.has(n.id), children: toOptions(n.children, blocked) }));

export interface DeptSelectProps extends Omit<TreeSelectProps<number>, 'treeData'> {
  /** Departments that may not be chosen (a department being moved and everything below it). */
  blocked?: number[];
}

/** A department chooser over GET /stand/dept (a form control). */
export function DeptSelect({ blocked, ...rest }: DeptSelectProps) {
  const tree = useDeptTree();
  const treeData = useMemo(() => toOptions(tree.data ?? [], new Set(blocked)), [tree.data, blocked]);
  return (
    <TreeSelect<number>
      allowClear
      showSearch
      treeDefaultExpandAll
      treeNodeFilterProp="title"
      placeholder="请选择部门"
      loading={tree.isLoading}
      treeData={treeData}
      {...rest}
    />
  );
}
