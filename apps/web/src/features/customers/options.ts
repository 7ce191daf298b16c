// Select options and tag colours from the customer area's constants.
import {
  CUSTOMER_LEVELS,
  CUSTOMER_SOURCES,
  MAINTAIN_CONTRACT_STATES,
  PRODUCT_STATUS,
  SALE_CONTRACT_STATES,
  WARRANTY_START_TYPES,
  WARRANTY_STATES,
  WARRANTY_UNITS,
} from '@sk/shared/customers/customers.constants';
import { labelOptions } from '../../lib/options';

export const SOURCE_OPTIONS = labelOptions(CUSTOMER_SOURCES);
export const LEVEL_OPTIONS = labelOptions(CUSTOMER_LEVELS);
export const PRODUCT_STATUS_OPTIONS = labelOptions(PRODUCT_STATUS);
export const WARRANTY_UNIT_OPTIONS = labelOptions(WARRANTY_UNITS);
export const WARRANTY_START_OPTIONS = labelOptions(WARRANTY_START_TYPES);
export const WARRANTY_STATE_OPTIONS = labelOptions({ 1: WARRANTY_STATES[1], 2: WARRANTY_STATES[2] });
export const SALE_STATE_OPTIONS = labelOptions(SALE_CONTRACT_STATES);
export const MAINTAIN_STATE_OPTIONS = labelOptions(MAINTAIN_CONTRACT_STATES);

export const labelOf = (table: Record<number, string>, v: number | null | undefined): string => (v == null ? '—' : (table[v] ?? '—'));

/** Tag colours of states: in warranty green, expired red, unknown grey. */
export const WARRANTY_COLORS: Record<number, string> = { 0: 'default', 1: 'green', 2: 'red' };
export const PRODUCT_STATUS_COLORS: Record<number, string> = { 1: 'green', 2: 'orange', 3: 'default' };
export const SALE_STATE_COLORS: Record<number, string> = { 1: 'default', 2: 'blue', 3: 'green' };
export const MAINTAIN_STATE_COLORS: Record<number, string> = { 1: 'blue', 2: 'green', 3: 'cyan', 4: 'default' };

/** Paths of the area's pages (the detail pages take ids). */
export const customerPath = (id: number | string): string => `/allOrder/customerDetail/${id}`;
export const installedPath = (id: number | string): string => `/productManage/detail/${id}`;
export const modelPath = (id: number | string): string => `/allProduct/Productdetails/${id}`;
export const saleContractPath = (id: number | string): string => `/saleContract/detail/${id}`;
export const maintainContractPath = (id: number | string): string => `/maintainContract/detail/${id}`;

export const money = (n: number | null | undefined): string =>
  n == null ? '—' : `¥${n.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
