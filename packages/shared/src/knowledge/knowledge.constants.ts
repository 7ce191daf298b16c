/** Cases and the knowledge base (docs/knowledge.md). */

/** Case states: 1 draft → 2 published → 3 withdrawn (a withdrawn case may be published again). */
export const CASE_STATES = { 1: '草稿', 2: '已发布', 3: '已撤回' } as const;
export const CASE_STATE_COLORS = { 1: 'default', 2: 'green', 3: 'orange' } as const;
/** Where a case came from: 1 a completed order (生成案例), 2 a dealer (经销商案例, converts to an order of source type 2). */
export const CASE_SOURCES = { 1: '工单', 2: '经销商' } as const;
/** How widely a published case is shown: 1 internal (staff and providers), 2 public (customers too). */
export const CASE_SCOPES = { 1: '内部', 2: '公开' } as const;
export const CASE_ACTION_NAMES = { create: '生成案例', publish: '发布', withdraw: '撤回', edit: '编辑', convert: '转为工单' } as const;

/** Who sees an article: 1 staff only, 2 staff and service providers, 3 also customers (the portal, later). Levels nest. */
export const KB_VISIBILITY = { 1: '仅员工', 2: '员工和服务商', 3: '公开（含客户）' } as const;
export type KbVisibility = 1 | 2 | 3;
/** A published case's visibility level: internal → staff and providers, public → everyone. */
export const caseVisibility = (scope: number | null): KbVisibility => (scope === 2 ? 3 : 2);

/** Reading the knowledge base (its menu entry) and writing articles and categories. */
export const KNOWLEDGE_POWER = 'menu_Knowledge';
export const KNOWLEDGE_EDIT_POWER = 'knowledge_edit';
export const CASE_POWER = 'menu_CaseManagement';
