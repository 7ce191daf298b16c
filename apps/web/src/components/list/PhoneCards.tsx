import { Card, Checkbox, Empty, List, type PaginationProps, Spin } from 'antd';
import type { Key, ReactNode } from 'react';
import type { ListColumn } from './columns';

/** The column a card shows without a label, at its foot (编辑, 删除 …). */
export const ACTIONS_KEY = 'actions';

/** One line of a card: a column of the list, optionally with an icon and its own rendering for the card. */
export interface PhoneCardLine<T> {
  key: string;
  /** Leads the line (a clock for a time, a pin for an address). */
  icon?: ReactNode;
  /** What the line is (the icon's name for screen readers, e.g. 预约时间). */
  label?: string;
  /** The card's own rendering of the row (else the column's). */
  render?: (row: T) => ReactNode;
}

/**
 * A card laid out for the person acting on the row: the title (with the state as a tag beside it), then the lines
 * that say when and where without labels, then labelled rows, then a small foot (the record's number) and the actions.
 */
export interface PhoneCardLayout<T> {
  title: string | PhoneCardLine<T>;
  /** A tag at the title's end (the state). */
  tag?: string;
  /** Lines under the title, without labels, each led by its icon. */
  lead?: PhoneCardLine<T>[];
  /** Labelled rows (label: value) under the lead lines. */
  rows?: string[];
  /** Small grey text at the card's foot (the record's number). */
  foot?: string;
  /** The list's `actions` column at the card's foot. */
  actions?: boolean;
}

/** A list's phone card: the column keys in the card's order (the first its title, `actions` its foot), or a layout. */
export type PhoneCardSpec<T> = string[] | PhoneCardLayout<T>;

const lineOf = <T,>(l: string | PhoneCardLine<T>): PhoneCardLine<T> => (typeof l === 'string' ? { key: l } : l);

/** The layout of a spec: a plain key list is a title and labelled rows. */
export function layoutOf<T>(spec: PhoneCardSpec<T>): PhoneCardLayout<T> {
  if (!Array.isArray(spec)) return spec;
  const [title = '', ...rows] = spec.filter((k) => k !== ACTIONS_KEY);
  return { title, rows, actions: spec.includes(ACTIONS_KEY) };
}

function cell<T>(c: ListColumn<T>, row: T, index: number): ReactNode {
  const value = c.dataIndex === undefined ? undefined : (row as Record<string, unknown>)[String(c.dataIndex)];
  return c.render ? (c.render(value, row, index) as ReactNode) : ((value as ReactNode) ?? '—');
}

export interface PhoneCardsProps<T> {
  /** The list's columns; the layout picks from them by key. */
  columns: ListColumn<T>[];
  layout: PhoneCardLayout<T>;
  rows: T[];
  keyOf: (row: T) => Key;
  loading: boolean;
  pagination: PaginationProps;
  /** Selection, when the list has it. */
  selected?: Key[];
  onSelect?: (row: T, on: boolean) => void;
}

/** Phone width: each row as a card of the columns the list chose for it, instead of a table wider than the screen. */
export function PhoneCards<T>({ columns, layout, rows, keyOf, loading, pagination, selected, onSelect }: PhoneCardsProps<T>) {
  const byKey = new Map(columns.map((c) => [c.key, c]));
  const show = (line: PhoneCardLine<T>, row: T, i: number): ReactNode => {
    if (line.render) return line.render(row);
    const c = byKey.get(line.key);
    return c ? cell(c, row, i) : null;
  };
  const title = lineOf(layout.title);
  const tag = layout.tag ? byKey.get(layout.tag) : undefined;
  const labelled = (layout.rows ?? []).map((k) => byKey.get(k)).filter((c): c is ListColumn<T> => !!c);
  const foot = layout.foot ? byKey.get(layout.foot) : undefined;
  const actions = layout.actions ? byKey.get(ACTIONS_KEY) : undefined;
  return (
    <Spin spinning={loading}>
      <List<T>
        className="sk-phone-cards"
        dataSource={rows}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" /> }}
        pagination={{ ...pagination, showQuickJumper: false, showSizeChanger: false, showLessItems: true, size: 'small', align: 'center' }}
        renderItem={(row, i) => {
          const key = keyOf(row);
          return (
            <List.Item key={key} style={{ padding: '6px 0', border: 'none' }}>
              <Card
                size="small"
                className="sk-phone-card"
                style={{ width: '100%' }}
                data-card={String(key)}
                title={
                  <span className="sk-phone-card-head">
                    {onSelect ? (
                      <Checkbox
                        className="sk-phone-card-check"
                        checked={selected?.includes(key)}
                        onChange={(e) => onSelect(row, e.target.checked)}
                        aria-label="选择"
                      />
                    ) : null}
                    <span className="sk-phone-card-title">{show(title, row, i)}</span>
                    {tag ? <span className="sk-phone-card-tag">{cell(tag, row, i)}</span> : null}
                  </span>
                }
                actions={actions ? [<div key="a">{cell(actions, row, i)}</div>] : undefined}
              >
                {(layout.lead ?? []).map((l) => (
                  <div key={l.key} className="sk-phone-card-lead" data-line={l.key}>
                    {l.icon ? (
                      <span className="sk-phone-card-icon" role="img" aria-label={l.label} title={l.label}>
                        {l.icon}
                      </span>
                    ) : null}
                    <span className="sk-phone-card-value">{show(l, row, i)}</span>
                  </div>
                ))}
                {labelled.map((c) => (
                  <div key={c.key} className="sk-phone-card-row">
                    <span className="sk-phone-card-label">{c.title}</span>
                    <span className="sk-phone-card-value">{cell(c, row, i)}</span>
                  </div>
                ))}
                {foot ? (
                  <div className="sk-phone-card-foot">
                    {foot.title}
                    {'　'}
                    {cell(foot, row, i)}
                  </div>
                ) : null}
              </Card>
            </List.Item>
          );
        }}
      />
    </Spin>
  );
}
