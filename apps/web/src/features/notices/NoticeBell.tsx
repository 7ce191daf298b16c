import { BellOutlined } from '@ant-design/icons';
import { noticeCountsContract } from '@sk/shared/notices/notices.counts';
import { Badge } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { invalidate, SHELL_COUNT, useApi } from '../../lib/query';
import { useLiveNotices } from './useLiveNotices';

const NoticePanel = lazy(() => import('./NoticePanel'));

/** How often the bell asks for the unread counts (the drawer refreshes them when opened). */
export const NOTICE_POLL_MS = 30_000;

/** The header's bell: the unread count of notices and announcements; a drawer with the newest (loaded on first open). */
export function NoticeBell({ compact }: { compact?: boolean }) {
  const [open, setOpen] = useState(false);
  const [everOpened, setEverOpened] = useState(false);
  useLiveNotices(true);
  const poll = { call: { silent: true }, refetchInterval: NOTICE_POLL_MS, meta: SHELL_COUNT };
  const personal = useApi(noticeCountsContract.notifyCount, undefined, poll);
  const enterprise = useApi(noticeCountsContract.enterpriseNoticeCount, undefined, poll);
  const refresh = () => invalidate(noticeCountsContract.notifyCount, noticeCountsContract.enterpriseNoticeCount);
  const total = (personal.data ?? 0) + (enterprise.data ?? 0);
  return (
    <>
      <button
        type="button"
        className="sk-header-btn"
        aria-label="通知"
        data-count={total}
        onClick={() => {
          setOpen(true);
          setEverOpened(true);
          refresh();
        }}
      >
        <Badge count={total} size="small" offset={[4, -2]}>
          <BellOutlined style={{ color: 'inherit', fontSize: 16 }} />
        </Badge>
      </button>
      {everOpened && (
        <Suspense fallback={null}>
          <NoticePanel
            open={open}
            onClose={() => setOpen(false)}
            compact={compact}
            counts={{ personal: personal.data ?? 0, enterprise: enterprise.data ?? 0 }}
            onChanged={refresh}
          />
        </Suspense>
      )}
    </>
  );
}
