// Hooks and fetchers over the organisation contracts (departments, users, service groups, providers).
import { filesContract } from '@sk/shared/files/files.contract';
import { orgContract } from '@sk/shared/org/org.contract';
import type { DeptNode, GroupRow, ProviderRow, UserRow } from '@sk/shared/org/org.schema';
import { teamContract } from '@sk/shared/org/team.contract';
import { contractFetcher, type ListQuery, type ListResult, type ReadFetcher, withReads } from '../../components';
import { call } from '../../lib/api';
import type { EndpointDef } from '@sk/shared/common/contract';
import { staleAfter, useApi } from '../../lib/query';
import { watchDownloads } from '../../shell/downloads';

export { orgContract, teamContract };

/** Every write that changes who is where makes these answers stale. */
export const ORG_READS = [orgContract.deptTree, orgContract.userDetail, orgContract.userList, orgContract.roleUserList];

/** Every organisation write makes the organisation's cached reads stale (details, trees, their counts). */
const ORG_ENDPOINTS = [orgContract, teamContract].flatMap((c) => Object.values(c) as EndpointDef[]);
staleAfter(
  ORG_ENDPOINTS.filter((e) => e.method !== 'GET'),
  ORG_ENDPOINTS.filter((e) => e.method === 'GET'),
);

export const useDeptTree = () => useApi(orgContract.deptTree);

/** Users of GET /v2/user/list (a page's fixed filters, department, user type, provider, come as the list's params). */
export const userFetcher: ReadFetcher<UserRow> = withReads(
  (q: ListQuery): Promise<ListResult<UserRow>> => call(orgContract.userList, q as never),
  orgContract.userList,
);

/** The user export through the download centre; the header's download centre starts polling. */
export async function exportUsers(fileName: string, ids: number[], query: ListQuery, fixed: Record<string, unknown>): Promise<void> {
  const { pageIndex: _i, pageSize: _s, sortType: _t, ...filters } = query;
  await call(filesContract.exportUser, { ...filters, ...fixed, fileName, ids } as never);
  watchDownloads();
}

/** Service groups: the list's keyword is the endpoint's searchText. */
export const groupFetcher = withReads(
  ({ keyword, sortType: _s, ...q }: ListQuery): Promise<ListResult<GroupRow>> => call(teamContract.groupList, { ...q, searchText: keyword } as never),
  teamContract.groupList,
);

export const providerFetcher = contractFetcher<ProviderRow>(teamContract.providerList);

export const useProviderOptions = () => useApi(teamContract.providerSimpleList, {});

/** Depth-first list of the tree's nodes. */
export function flattenDepts(nodes: DeptNode[] | undefined): DeptNode[] {
  const out: DeptNode[] = [];
  const walk = (list: DeptNode[]) => {
    for (const n of list) {
      out.push(n);
      walk(n.children);
    }
  };
  walk(nodes ?? []);
  return out;
}

/** The department path as names: 演示企业 / 技术服务部. */
export function useDeptPath(path: number[]): string {
  const tree = useDeptTree();
  const all = flattenDepts(tree.data);
  return path
    .map((id) => all.find((d) => d.id === id)?.name ?? '')
    .filter(Boolean)
    .join(' / ');
}

/** Ids of a node and every node below it. */
export function subtreeIds(node: DeptNode): number[] {
  return [node.id, ...node.children.flatMap(subtreeIds)];
}

/** Nodes whose name contains the text, with their ancestors so the tree still reads as a tree. */
export function filterTree(nodes: DeptNode[], text: string): DeptNode[] {
  if (!text) return nodes;
  return nodes.flatMap((n) => {
    const children = filterTree(n.children, text);
    return n.name.includes(text) || children.length ? [{ ...n, children }] : [];
  });
}
