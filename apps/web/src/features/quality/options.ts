import { COMPLAINT_SOURCES, COMPLAINT_STATE_COLORS, COMPLAINT_STATES } from '@sk/shared/quality/quality.constants';
import {
  EXCHANGE_KINDS,
  EXCHANGE_SOURCES,
  EXCHANGE_STATE_COLORS,
  EXCHANGE_STATES,
  REPAIR_SOURCES,
  REPAIR_STATE_COLORS,
  REPAIR_STATES,
} from '@sk/shared/quality/repair.constants';
import { labelOptions } from '../../lib/options';

export const stateLabel = (s: number) => COMPLAINT_STATES[s as keyof typeof COMPLAINT_STATES] ?? String(s);
export const stateColor = (s: number) => COMPLAINT_STATE_COLORS[s as keyof typeof COMPLAINT_STATE_COLORS] ?? 'default';
export const sourceLabel = (s: number) => COMPLAINT_SOURCES[s as keyof typeof COMPLAINT_SOURCES] ?? String(s);
export const STATE_OPTIONS = labelOptions(COMPLAINT_STATES);
export const SOURCE_OPTIONS = labelOptions(COMPLAINT_SOURCES);
/** The list filters a report figure opens, by grouping. */
export const FILTER_OF = {
  productModel: 'productModelId',
  faultMode: 'faultModeId',
  placeOfUse: 'placeOfUse',
  salesUnit: 'salesUnit',
  responsibility: 'responsibility',
} as const;

const labelOf = (t: Record<number, string>) => (v: number) => t[v] ?? String(v);
export const repairState = labelOf(REPAIR_STATES);
export const repairColor = (s: number) => REPAIR_STATE_COLORS[s as keyof typeof REPAIR_STATE_COLORS] ?? 'default';
export const repairSource = labelOf(REPAIR_SOURCES);
export const REPAIR_STATE_OPTIONS = labelOptions(REPAIR_STATES);
export const exchangeState = labelOf(EXCHANGE_STATES);
export const exchangeColor = (s: number) => EXCHANGE_STATE_COLORS[s as keyof typeof EXCHANGE_STATE_COLORS] ?? 'default';
export const exchangeSource = labelOf(EXCHANGE_SOURCES);
export const exchangeKind = labelOf(EXCHANGE_KINDS);
export const EXCHANGE_STATE_OPTIONS = labelOptions(EXCHANGE_STATES);
export const EXCHANGE_KIND_OPTIONS = labelOptions(EXCHANGE_KINDS);
