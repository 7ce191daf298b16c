import { centsText, DISPUTE_STATES, SETTLE_LINE_KINDS } from '@sk/shared';
import { keysetPages, registerExport } from '../../platform/exports';
import { exportLineCount, exportLinesBefore } from './settle.repo';

/** A statement's lines to Excel through the download centre (POST /settleAccounts/export). */
export const SETTLE_EXPORT = 'settlement';

type Params = { id: number };

/** Plugs this file's subscribers in (called by the module's wiring, in its declared order). */
export function wireSettleExport(): void {
  registerExport<Params>(SETTLE_EXPORT, {
    title: '结算单明细',
    columns: [
      { key: 'kind', header: '类型' },
      { key: 'orderNo', header: '工单编号', width: 20 },
      { key: 'description', header: '说明', width: 30 },
      { key: 'amount', header: '金额（元）' },
      { key: 'original', header: '原金额（元）' },
      { key: 'dispute', header: '异议' },
      { key: 'reason', header: '异议原因', width: 30 },
      { key: 'resolution', header: '处理意见', width: 30 },
    ],
    count: (ex, u, p) => exportLineCount(ex, u, p.id),
    rows: async function* (ex, u, p) {
      const pages = keysetPages((before, limit) => exportLinesBefore(ex, u, p.id, before, limit));
      for await (const page of pages)
        yield page.map((l) => ({
          kind: SETTLE_LINE_KINDS[l.kind as 1] ?? '',
          orderNo: l.order_no ?? '',
          description: l.description,
          amount: centsText(l.amount_cents),
          original: centsText(l.original_cents),
          dispute: DISPUTE_STATES[l.dispute_state as 0] ?? '',
          reason: l.dispute_reason ?? '',
          resolution: l.resolution ?? '',
        }));
    },
  });
}
