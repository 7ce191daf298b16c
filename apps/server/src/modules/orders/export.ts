import {
  EXAMINE_RESULTS,
  EXAMINE_TYPES,
  ORDER_EXPORT_COLUMNS,
  ORDER_INVALID_LABEL,
  ORDER_PRIORITIES,
  ORDER_STATES,
  type OrderExportColumn,
  type OrderRow,
  PLACE_STATES,
} from '@sk/shared';
import { type ExportColumn, type ExportUser, keysetPages, registerExport } from '../../platform/exports';
import { countForExport, type OrderExportParams, ordersBefore } from './list.repo';
import type { Actor } from '../../platform/actor';

export const ORDER_EXPORT = 'order';

type Params = OrderExportParams & { columns?: OrderExportColumn[] };

const WIDE: Partial<Record<OrderExportColumn, number>> = {
  title: 30,
  gpsAddr: 40,
  customName: 24,
  create_time: 20,
  apply_time: 20,
  finish_time: 20,
  due_time: 20,
};

/** The chosen columns in the sheet's own order; none chosen → all. */
function columns(p: Params): ExportColumn[] {
  const chosen = p.columns?.length ? new Set<string>(p.columns) : null;
  return (Object.entries(ORDER_EXPORT_COLUMNS) as [OrderExportColumn, string][])
    .filter(([key]) => !chosen || chosen.has(key))
    .map(([key, header]) => ({ key, header, width: WIDE[key] }));
}

const label = (table: Record<number, string>, v: number | null) => (v == null ? '' : (table[v] ?? ''));

/** One order as the sheet shows it: labels instead of codes. */
function cells(r: OrderRow): Record<OrderExportColumn, string | number> {
  const examine = r.examineType == null ? '' : `${label(EXAMINE_TYPES, r.examineType)}·${label(EXAMINE_RESULTS, r.examineResult)}`;
  return {
    orderNo: r.orderNo,
    title: r.title,
    state: r.invalid ? ORDER_INVALID_LABEL : (ORDER_STATES[r.state as keyof typeof ORDER_STATES]?.label ?? ''),
    customName: r.customName ?? '',
    customLinkPerson: r.customLinkPerson ?? '',
    customPhone: r.customPhone ?? '',
    gpsAddr: r.gpsAddr ?? '',
    orderTypeName: r.orderTypeName ?? '',
    priority: label(ORDER_PRIORITIES, r.priority),
    servicePersonalName: r.servicePersonalName ?? '',
    dispatchUserName: r.dispatchUserName ?? '',
    createUserName: r.createUserName ?? '',
    serviceGroupName: r.serviceGroupName ?? '',
    productName: r.productName ?? '',
    placeState: label(PLACE_STATES, r.placeState),
    examine,
    receivableAmount: r.receivableAmount,
    create_time: r.create_time,
    apply_time: r.apply_time ?? '',
    finish_time: r.finish_time ?? '',
    due_time: r.due_time ?? '',
  };
}

/** The job runs as its owner: an administrator by the current role (3), as the list's scoping reads it. */
const viewer = (u: ExportUser): Actor => u;

/** Plugs this file's subscribers in (called by the module's wiring, in its declared order). */
export function wireExport(): void {
  /** POST /export/order: the order list through the download centre, with the list's scope, filters and chosen columns. */
  registerExport<Params>(ORDER_EXPORT, {
    title: '工单列表',
    columns,
    count: (ex, user, p) => countForExport(ex, viewer(user), p),
    rows: async function* (ex, user, p) {
      const v = viewer(user);
      for await (const page of keysetPages((before, limit) => ordersBefore(ex, v, p, before, limit))) yield page.map(cells);
    },
  });
}
