import { type BodyOf, ORDER_EXPORT_COLUMNS, ORDER_LIST_DEFAULT_COLUMNS, type OrderExportColumn, type processContract } from '@sk/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rows } from '../../db/client';
import { notFound } from '../../platform/errors';
import * as forms from '../forms/forms.repo';
import type { Actor } from '../../platform/actor';

const ALL = Object.keys(ORDER_EXPORT_COLUMNS) as OrderExportColumn[];
/** Lists without an order type keep their setting under template 0. */
const keyOf = (tid: number | undefined) => tid ?? 0;

async function checkType(db: Db, u: Actor, tid: number | undefined): Promise<void> {
  if (tid == null) return;
  const t = await forms.templateById(db, u.enterpriseId, tid);
  if (t?.formKind !== 1) throw notFound();
}

/** Every column in its order: the saved shown ones first, the rest after them hidden; unsaved: the default columns shown. */
export async function listSetting(db: Db, u: Actor, tid: number | undefined) {
  await checkType(db, u, tid);
  const [r] = await rows<{ columns: string[] }>(
    db,
    sql`select columns from order_list_settings where enterprise_id = ${u.enterpriseId} and template_id = ${keyOf(tid)}`,
  );
  // A column dropped from the catalogue since the save is left out.
  const shown = (r?.columns ?? ORDER_LIST_DEFAULT_COLUMNS).filter((k): k is OrderExportColumn => k in ORDER_EXPORT_COLUMNS);
  const hidden = ALL.filter((k) => !shown.includes(k));
  return {
    tid: tid ?? null,
    saved: r != null,
    columns: [
      ...shown.map((key) => ({ key, name: ORDER_EXPORT_COLUMNS[key], visible: true })),
      ...hidden.map((key) => ({ key, name: ORDER_EXPORT_COLUMNS[key], visible: false })),
    ],
  };
}

export async function saveListSetting(db: Db, u: Actor, b: BodyOf<typeof processContract.updateOrderListSetting>): Promise<void> {
  await checkType(db, u, b.tid);
  await db.execute(sql`insert into order_list_settings (enterprise_id, template_id, columns, updated_by)
    values (${u.enterpriseId}, ${keyOf(b.tid)}, ${sql`${`{${b.columns.join(',')}}`}::text[]`}, ${u.id})
    on conflict (enterprise_id, template_id) do update set columns = excluded.columns, updated_by = excluded.updated_by, updated_at = now()`);
}
