// The notification centre (reached from the header's bell) and 公告通知 (the menu entry lends its free-plan lock).
import { lazyPage } from '../../lib/lazyPage';
import type { PageRoute } from '../../lib/route';

export const NOTICE_ROUTES: PageRoute[] = [
  { path: '/noticeCenter', title: '通知中心', page: lazyPage(() => import('./NoticeCenter')) },
  { path: '/notice', title: '公告通知', page: lazyPage(() => import('./Announcements')) },
  // a received announcement, for every member (the 公告通知 menu page needs its menu power)
  { path: '/noticeDetail/:id', title: '公告详情', page: lazyPage(() => import('./NoticeDetail')), freeLock: 'notice' },
];
