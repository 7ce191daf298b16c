// The notices' contracts and which reads their writes make stale.
import { announcementsContract, noticesContract } from '@sk/shared/notices/notices.contract';
import { staleAfter } from '../../lib/query';

export { announcementsContract, noticesContract };

// A notice opened or everything marked read: the notice lists show it read (the bell's counts follow every write).
staleAfter([noticesContract.notifyOpen, noticesContract.notifyClearUnread], [noticesContract.notifyList]);
staleAfter([noticesContract.enterpriseNoticeClearUnread], [noticesContract.notifyList, announcementsContract.list]);
// An announcement published, pinned or withdrawn: the lists and its detail.
staleAfter(
  [announcementsContract.publish, announcementsContract.pin, announcementsContract.withdraw],
  [announcementsContract.list, announcementsContract.detail],
);
