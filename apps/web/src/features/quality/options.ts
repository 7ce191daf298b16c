import { COMPLAINT_SOURCES, COMPLAINT_STATE_COLORS, COMPLAINT_STATES } from '@sk/shared/quality/quality.constants';

export const stateLabel = (s: number) => COMPLAINT_STATES[s as keyof typeof COMPLAINT_STATES] ?? String(s);
export const stateColor = (s: number) => COMPLAINT_STATE_COLORS[s as keyof typeof COMPLAINT_STATE_COLORS] ?? 'default';
export const sourceLabel = (s: number) => COMPLAINT_SOURCES[s as keyof typeof COMPLAINT_SOURCES] ?? String(s);
export const STATE_OPTIONS = Object.entries(COMPLAINT_STATES).map(([k, v]) => ({ value: Number(k), label: v }));
export const SOURCE_OPTIONS = Object.entries(COMPLAINT_SOURCES).map(([k, v]) => ({ value: Number(k), label: v }));
/** The list filters a report figure opens, by grouping. */
export const FILTER_OF = {
  productModel: 'productModelId',
  faultMode: 'faultModeId',
  placeOfUse: 'placeOfUse',
  salesUnit: 'salesUnit',
  responsibility: 'responsibility',
} as const;
