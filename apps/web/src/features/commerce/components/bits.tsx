import { QUOTE_STATE_COLORS, QUOTE_STATES, WARRANTY_EXT_STATE_COLORS, WARRANTY_EXT_STATES } from '@sk/shared/commerce/commerce.machine';
import { WARRANTY_STATES } from '@sk/shared/customers/customers.constants';
import { Tag } from 'antd';

const of = (m: Record<number, string>, k: number) => m[k] ?? String(k);
export const ExtStateTag = ({ state }: { state: number }) => <Tag color={WARRANTY_EXT_STATE_COLORS[state]}>{of(WARRANTY_EXT_STATES, state)}</Tag>;
export const QuoteStateTag = ({ state }: { state: number }) => (
  <Tag color={QUOTE_STATE_COLORS[state]} data-testid="quote-state">
    {of(QUOTE_STATES, state)}
  </Tag>
);
const COVER_COLORS: Record<number, string> = { 0: 'default', 1: 'green', 2: 'red', 3: 'cyan' };
/** The product's coverage as everything shows it: 在保 / 延保 with its end, 过保, 未知. */
export const CoverageTag = ({ c }: { c: { state: number; end: string | null } | null }) =>
  c ? (
    <Tag color={COVER_COLORS[c.state]} data-testid="coverage-tag">
      {of(WARRANTY_STATES, c.state)}
      {c.end ? `（至${c.end}）` : ''}
    </Tag>
  ) : (
    <span>—</span>
  );
export const UNIT_NAMES: Record<number, string> = { 1: '天', 2: '个月', 3: '年' };
