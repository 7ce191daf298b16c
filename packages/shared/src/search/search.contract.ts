import { z } from 'zod';
import { endpoint } from '../common/contract';
import { L } from '../common/zod';

/**
 * The header's global search (docs/lists.md "Global search"): one box that finds orders, customers, installed
 * products, events and projects, each kind within the user's own scope, a few of each.
 */
export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_MAX_LENGTH = 50;
/** Results per kind. */
export const SEARCH_LIMIT = 5;

export const SEARCH_KINDS = ['order', 'customer', 'product', 'event', 'project'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** Each kind's group title, the page a result opens, and what the search finds it by (the box's hint). */
export const SEARCH_KIND_INFO: Record<SearchKind, { label: string; path: (id: number) => string; by: string }> = {
  order: { label: '工单', path: (id) => `/allOrder/orderDetail/${id}`, by: '工单编号、标题、客户' },
  customer: { label: '客户', path: (id) => `/allOrder/customerDetail/${id}`, by: '客户名称、电话' },
  product: { label: '设备', path: (id) => `/productManage/detail/${id}`, by: '设备序列号' },
  event: { label: '事件', path: (id) => `/Myevent/eventDetail/${id}`, by: '事件编号、标题' },
  project: { label: '项目', path: (id) => `/allproject/projectdetails/${id}`, by: '项目编号、名称' },
};

export const searchQuery = z.object({
  q: L(z.string().trim().min(SEARCH_MIN_LENGTH, `请输入至少${SEARCH_MIN_LENGTH}个字`).max(SEARCH_MAX_LENGTH, `不能超过${SEARCH_MAX_LENGTH}个字`), '搜索内容'),
});

export const searchHit = z.object({
  id: z.number(),
  /** The record's number (order, event, project number; a product's serial), null where it has none. */
  no: z.string().nullable(),
  title: z.string(),
  /** A second line: the customer, the contact and phone. */
  sub: z.string().nullable(),
  /** The record's state in words (待派单, 处理中 …), null for kinds without states. */
  state: z.string().nullable(),
});
export type SearchHit = z.infer<typeof searchHit>;

export const searchGroup = z.object({ kind: z.enum(SEARCH_KINDS), items: z.array(searchHit) });
export type SearchGroup = z.infer<typeof searchGroup>;

export const searchContract = {
  /**
   * Every kind the user may open (each kind's page power and scope rule decide), SEARCH_LIMIT each, newest first with
   * an exact number first; groups without a hit are left out.
   */
  search: endpoint({ method: 'GET', path: '/search', query: searchQuery, response: z.object({ groups: z.array(searchGroup) }) }),
};
