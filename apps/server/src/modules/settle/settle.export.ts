import { centsText, DISPUTE_STATES, SETTLE_LINE_KINDS } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { rows } from '../../db/client';
import { type ExportUser, keysetPages, registerExport } from '../../platform/exports';
import type { LineRaw } from './settle.repo';
import { settleScope } from './settle.service';

/** A statement's lines to Excel through the download centre (POST /settleAccounts/export). */
export const SETTLE_EXPORT = 'settlement';

type Params = { id: number };
const visible = (u: ExportUser, id: number) =>
  sql`exists (select 1 from settlements s where s.enterprise_id = ${u.enterpriseId} and s.id = ${id} and ${settleScope(u, 's')})`;

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
    count: async (ex, u, p) =>
      Number(
        (
          await rows<{ n: number }>(
            ex,
            sql`select count(*)::int as n from settlement_lines where enterprise_id = ${u.enterpriseId} and settlement_id = ${p.id} and ${visible(u, p.id)}`,
          )
        )[0]?.n ?? 0,
      ),
    rows: async function* (ex, u, p) {
      const pages = keysetPages((before, limit) =>
        rows<Omit<LineRaw, 'order_id'>>(
          ex,
          sql`select l.id::int, l.kind, o.order_no, l.description, l.amount_cents, l.original_cents, l.dispute_state, l.dispute_reason, l.resolution
            from settlement_lines l left join orders o on o.enterprise_id = l.enterprise_id and o.id = l.order_id
            where l.enterprise_id = ${u.enterpriseId} and l.settlement_id = ${p.id} and ${visible(u, p.id)} ${before == null ? sql`` : sql`and l.id < ${before}`}
            order by l.id desc limit ${limit}`,
        ),
      );
      for await (const page of pages)
        yield page.map((l) => ({
          kind: SETTLE_LINE_KINDS[l.kind as 1] ?? '',
          orderNo: l.order_no ?? '',
          description: l.description,
          amount: centsText(Number(l.amount_cents)),
          original: centsText(Number(l.original_cents)),
          dispute: DISPUTE_STATES[l.dispute_state as 0] ?? '',
          reason: l.dispute_reason ?? '',
          resolution: l.resolution ?? '',
        }));
    },
  });
}
