import type { TableColumnType } from 'antd';

/** Table columns wider than this only when the page says so. */
export const MIN_COLUMN_WIDTH = 150;
/** Columns shown until the user chooses. */
export const DEFAULT_COLUMN_COUNT = 9;

/** A list column: an antd column with a stable key and a plain-text title (the column chooser lists it). */
export interface ListColumn<T> extends TableColumnType<T> {
  key: string;
  title: string;
}

/** A column pinned to the right edge holds the row's actions: always shown, never counted among the nine. */
const pinned = <T>(c: ListColumn<T>): boolean => c.fixed === 'right';

/** The keys shown by default: the page's choice, else the first nine data columns (and the actions). */
export const defaultColumnKeys = <T>(columns: readonly ListColumn<T>[], defaults?: readonly string[]): string[] =>
  defaults
    ? [...defaults]
    : [
        ...columns
          .filter((c) => !pinned(c))
          .slice(0, DEFAULT_COLUMN_COUNT)
          .map((c) => c.key),
        ...columns.filter(pinned).map((c) => c.key),
      ];

/** The chosen columns in the page's order (the actions whatever the choice), each at least 150 px wide unless it sets its own width. */
export function visibleColumns<T>(columns: readonly ListColumn<T>[], keys: readonly string[]): TableColumnType<T>[] {
  const chosen = new Set(keys);
  return columns
    .filter((c) => chosen.has(c.key) || pinned(c))
    .map((c) => (c.width === undefined && c.minWidth === undefined ? { ...c, minWidth: MIN_COLUMN_WIDTH } : c));
}

/**
 * How a list's table scrolls sideways. A pinned column needs antd's horizontal scroll, which measures every column as
 * it mounts (a forced layout of the page, then the table rendered again); without one, CSS does the same measuring
 * nothing (`.sk-wide-table` in shell.css: the table as wide as its content, its box scrolling).
 */
export const wideTable = <T>(shown: readonly TableColumnType<T>[]): { scroll?: { x: 'max-content' }; className?: string } =>
  shown.some((c) => c.fixed) ? { scroll: { x: 'max-content' } } : { className: 'sk-wide-table' };
