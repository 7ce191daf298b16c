import {
  GOODS_ORDER_STATES,
  SPARE_DOC_STATES,
  STOCK_LOG_TYPES,
  WAREHOUSE_KINDS,
  OLD_PART_STATES,
  RETURN_TYPES,
  TRANSFER_TYPES,
} from '@sk/shared/spares/spares.constants';
import { labelOptions } from '../../lib/options';

export const LOG_TYPE_OPTIONS = labelOptions(STOCK_LOG_TYPES);
export const WAREHOUSE_KIND_OPTIONS = labelOptions(WAREHOUSE_KINDS);
export const DOC_STATE_OPTIONS = labelOptions(SPARE_DOC_STATES);
export const OLD_STATE_OPTIONS = labelOptions(OLD_PART_STATES);
export const TRANSFER_TYPE_OPTIONS = labelOptions(TRANSFER_TYPES);
export const GOODS_STATE_OPTIONS = labelOptions(GOODS_ORDER_STATES);
export const label = (o: Record<number, string>, k: number | null | undefined) => (k == null ? '—' : (o[k] ?? String(k)));
export const DOC_STATE_COLORS: Record<number, string> = { 1: 'orange', 2: 'green', 3: 'red', 4: 'default' };
export { GOODS_ORDER_STATES, OLD_PART_STATES, RETURN_TYPES, SPARE_DOC_STATES, STOCK_LOG_TYPES, TRANSFER_TYPES, WAREHOUSE_KINDS };
/** The approval page of a document; `kind` (the list it was opened from) keeps that list's menu entry highlighted. */
export const examinePath = (id: number, kind?: number) => `/spareExamine?id=${id}${kind ? `&kind=${kind}` : ''}`;
