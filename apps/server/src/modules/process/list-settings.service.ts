import { type BodyOf, ORDER_EXPORT_COLUMNS, ORDER_LIST_DEFAULT_COLUMNS, type OrderExportColumn, type processContract } from '@sk/shared';
import type { Db } from '../../db/client';
import { notFound } from '../../platform/errors';
import { templateById } from '../forms/index';
import type { Actor } from '../../platform/actor';
import { saveColumns, savedColumns } from './list-settings.repo';

const ALL = Object.keys(ORDER_EXPORT_COLUMNS) as OrderExportColumn[];
/** Lists without an order type keep their setting under template 0. */
const keyOf = (tid: number | undefined) => tid ?? 0;

async function checkType(db: Db, u: Actor, tid: number | undefined): Promise<void> {
  if (tid == null) return;
  const t = await templateById(db, u.enterpriseId, tid);
  if (t?.formKind !== 1) throw notFound();
}

/** Every column in its order: the saved shown ones first, the rest after them hidden; unsaved: the default columns shown. */
export async function listSetting(db: Db, u: Actor, tid: number | undefined) {
  await checkType(db, u, tid);
  const saved = await savedColumns(db, u.enterpriseId, keyOf(tid));
  // A column dropped from the catalogue since the save is left out.
  const shown = (saved ?? ORDER_LIST_DEFAULT_COLUMNS).filter((k): k is OrderExportColumn => k in ORDER_EXPORT_COLUMNS);
  const hidden = ALL.filter((k) => !shown.includes(k));
  return {
    tid: tid ?? null,
    saved: saved != null,
    columns: [
      ...shown.map((key) => ({ key, name: ORDER_EXPORT_COLUMNS[key], visible: true })),
      ...hidden.map((key) => ({ key, name: ORDER_EXPORT_COLUMNS[key], visible: false })),
    ],
  };
}

export async function saveListSetting(db: Db, u: Actor, b: BodyOf<typeof processContract.updateOrderListSetting>): Promise<void> {
  await checkType(db, u, b.tid);
  await saveColumns(db, u.enterpriseId, keyOf(b.tid), b.columns, u.id);
}
