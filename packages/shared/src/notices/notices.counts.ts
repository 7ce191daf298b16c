import { z } from 'zod';
import { endpoint } from '../common/contract';

/** The bell's two unread counts: kept apart from the rest of the notice contracts so the header loads only these. */
export const noticeCountsContract = {
  notifyCount: endpoint({ method: 'GET', path: '/notify/center/count', response: z.number() }),
  enterpriseNoticeCount: endpoint({ method: 'GET', path: '/enterprise/notice/center/count', response: z.number() }),
};
