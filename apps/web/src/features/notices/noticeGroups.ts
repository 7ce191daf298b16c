import { NOTICE_FALLBACK_LINKS, NOTICE_GROUP_KEYS, NOTICE_GROUPS, noticeGroupOf } from '@sk/shared/notices/notices.constants';

/** The category name a notice shows (its kind's group), 公告 for announcements, else 其他. */
export function groupName(kind: string): string {
  if (kind === 'announcement') return '公告';
  const g = noticeGroupOf(kind);
  return g ? NOTICE_GROUPS[g].name : '其他';
}

export const GROUP_OPTIONS = NOTICE_GROUP_KEYS.map((g) => ({ value: g, label: NOTICE_GROUPS[g].name }));

/** Where opening a notice goes: its own link or its kind's fallback; null when it has no page (it opens in place). */
export const targetOf = (n: { kind: string; link: string | null }): string | null => n.link ?? NOTICE_FALLBACK_LINKS[n.kind] ?? null;

/** The bell's count as the badge writes it. */
export const badgeText = (n: number): string => (n > 99 ? '99+' : String(n));

/** Query keys of the bell's counts, for pages that change them (they refresh the bell at once). */
export const COUNT_PATHS = ['/notify/center/count', '/enterprise/notice/center/count'];
