import {
  RETURN_VISIT_STATE_COLORS,
  RETURN_VISIT_STATES,
  VISIT_CHANNELS,
  VISIT_DIMENSIONS,
  VISITOR_MODES,
  BUILT_VISIT_TYPES,
  VISIT_TYPES,
  type VisitState,
} from '@sk/shared/visits/visits.constants';
import { labelOptions } from '../../lib/options';

export const stateLabel = (s: number): string => RETURN_VISIT_STATES[s as VisitState] ?? String(s);
export const stateColor = (s: number): string => RETURN_VISIT_STATE_COLORS[s as VisitState] ?? 'default';
export const STATE_TABS = [{ key: '0', label: '全部' }, ...Object.entries(RETURN_VISIT_STATES).map(([k, v]) => ({ key: k, label: v }))];
export const DIMENSIONS = labelOptions(VISIT_DIMENSIONS);
export const dimensionLabel = (d: number | string): string => VISIT_DIMENSIONS[Number(d) as keyof typeof VISIT_DIMENSIONS] ?? String(d);
export const MODE_OPTIONS = labelOptions(VISITOR_MODES);
export const channelLabel = (c: number | null): string => (c ? (VISIT_CHANNELS[c as keyof typeof VISIT_CHANNELS] ?? '') : '—');
/** Plans of order, event and repair-sent visits; service orders are shown but not open yet. */
export const VISIT_TYPE_OPTIONS = Object.entries(VISIT_TYPES).map(([k, v]) => ({
  value: Number(k),
  label: v,
  disabled: !(BUILT_VISIT_TYPES as readonly number[]).includes(Number(k)),
}));
