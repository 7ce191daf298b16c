// The fault-mode picker (a tree select of symptom → cause → remedy; only remedies are chosen), shared by the order
// detail (the order's tree), the create-order page and the article dialog (the tree of a product model's category).
import type { FaultNode } from '@sk/shared/quality/fault.contract';
import { FAULT_LEVELS } from '@sk/shared/quality/quality.constants';
import { TreeSelect } from 'antd';
import { useApi } from '../../lib/query';
import { F } from './api';

interface TreeOption {
  value: number;
  title: string;
  selectable: boolean;
  children: TreeOption[];
}

export const faultTreeOptions = (list: FaultNode[], parent: number | null = null): TreeOption[] =>
  list
    .filter((n) => n.parentId === parent)
    .map((n) => ({
      value: n.id,
      title: `${n.code} ${n.name}（${FAULT_LEVELS[n.level as 1 | 2 | 3]}）`,
      selectable: n.level === 3,
      children: faultTreeOptions(list, n.id),
    }));

/** The tree of a model's category, by the model or by an installed product (neither: the general tree). */
export const useFaultTree = (by: { productModelId?: number | null; installedProductId?: number | null }, enabled = true) =>
  useApi(
    F.ofModel,
    { productModelId: by.productModelId ?? undefined, installedProductId: by.installedProductId ?? undefined },
    { enabled, call: { silent: true } },
  );

export function FaultTreeSelect({
  list,
  value,
  onChange,
  id,
  style,
}: {
  list: FaultNode[];
  value?: number | null;
  onChange?: (v: number | null) => void;
  id?: string;
  style?: React.CSSProperties;
}) {
  return (
    <TreeSelect<number>
      id={id}
      aria-label="故障模式"
      style={{ minWidth: 260, ...style }}
      allowClear
      treeDefaultExpandAll
      placeholder={list.length ? '选择处理措施' : '该产品分类下暂无故障模式'}
      disabled={!list.length}
      treeData={faultTreeOptions(list)}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
    />
  );
}
