/**
 * Notice kinds (the `kind` column the server writes) grouped into the notice centre's categories.
 * A new writer adds its kind to a group here; a kind in no group shows under 其他.
 */
export const NOTICE_GROUPS = {
  approval: { name: '审批', kinds: ['order_approval', 'approval_todo', 'approval_result', 'project_approval', 'spare_approval'] },
  sla: { name: '超时预警', kinds: ['sla.warn', 'sla.escalate', 'sla.event.warn', 'sla.event.overdue'] },
  order: { name: '工单', kinds: ['automation', 'order_pool_unclaimed', 'order_assigned', 'pool_offer'] },
  project: { name: '项目', kinds: ['project_task_remind'] },
  spare: { name: '库存', kinds: ['spare_warning'] },
  contract: { name: '合同', kinds: ['contract_renewal'] },
  digest: { name: '日报', kinds: ['digest_todo', 'digest_stats'] },
} as const;
export type NoticeGroup = keyof typeof NOTICE_GROUPS;
export const NOTICE_GROUP_KEYS = Object.keys(NOTICE_GROUPS) as NoticeGroup[];

export const noticeGroupOf = (kind: string): NoticeGroup | null =>
  NOTICE_GROUP_KEYS.find((g) => (NOTICE_GROUPS[g].kinds as readonly string[]).includes(kind)) ?? null;

/** Where a notice without its own link opens (a digest: the work it counts). */
export const NOTICE_FALLBACK_LINKS: Record<string, string> = {
  digest_todo: '/guideOne',
};

/** Announcement states: 1 published, 2 withdrawn. */
export const ANNOUNCEMENT_STATES = { 1: '已发布', 2: '已撤回' } as const;
export const ANNOUNCEMENT_TITLE_MAX = 100;
export const ANNOUNCEMENT_CONTENT_MAX = 20000;
