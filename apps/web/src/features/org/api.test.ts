import type { DeptNode } from '@sk/shared/org/org.schema';
import { describe, expect, it } from 'vitest';
import { filterTree, flattenDepts, subtreeIds } from './api';

const node = (id: number, name: string, children: DeptNode[] = []): DeptNode => ({
  id,
  name,
  parentId: null,
  sort: 0,
  userCount: 0,
  allUserCount: 0,
  children,
});

const tree = [node(1, '演示企业', [node(2, '客服部', [node(4, '客服一组')]), node(3, '技术服务部')]), node(5, '分公司')];

describe('department tree helpers', () => {
  it('flattens depth first', () => {
    expect(flattenDepts(tree).map((d) => d.id)).toEqual([1, 2, 4, 3, 5]);
    expect(flattenDepts(undefined)).toEqual([]);
  });

  it('lists a node with everything below it (what a move may not target)', () => {
    expect(subtreeIds(tree[0]!.children[0]!)).toEqual([2, 4]);
    expect(subtreeIds(tree[1]!)).toEqual([5]);
  });

  it('keeps matching nodes with their ancestors and drops the rest', () => {
    const found = filterTree(tree, '一组');
    expect(flattenDepts(found).map((d) => d.name)).toEqual(['演示企业', '客服部', '客服一组']);
    expect(filterTree(tree, '技术').map((d) => d.children.map((c) => c.name))).toEqual([['技术服务部']]);
    expect(filterTree(tree, '不存在')).toEqual([]);
    expect(filterTree(tree, '')).toBe(tree);
  });
});
