import { Card, Checkbox, Empty, List, type PaginationProps, Spin } from 'antd';
import type { Key, ReactNode } from 'react';
import type { ListColumn } from './columns';

/** The column a card shows without a label, at its foot (编辑, 删除 …). */
export const ACTIONS_KEY = 'actions';

function cell<T>(c: ListColumn<T>, row: T, index: number): ReactNode {
  const value = c.dataIndex === undefined ? undefined : (row as Record<string, unknown>)[String(c.dataIndex)];
  return c.render ? (c.render(value, row, index) as ReactNode) : ((value as ReactNode) ?? '—');
}

export interface PhoneCardsProps<T> {
  /** The columns, in the card's order: the first is the card's title, an `actions` column its foot. */
  columns: ListColumn<T>[];
  rows: T[];
  keyOf: (row: T) => Key;
  loading: boolean;
  pagination: PaginationProps;
  /** Selection, when the list has it. */
  selected?: Key[];
  onSelect?: (row: T, on: boolean) => void;
}

/** Phone width: each row as a card of the columns the list chose for it, instead of a table wider than the screen. */
export function PhoneCards<T>({ columns, rows, keyOf, loading, pagination, selected, onSelect }: PhoneCardsProps<T>) {
  const [head, ...rest] = columns.filter((c) => c.key !== ACTIONS_KEY);
  const actions = columns.find((c) => c.key === ACTIONS_KEY);
  return (
    <Spin spinning={loading}>
      <List<T>
        className="sk-phone-cards"
        dataSource={rows}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" /> }}
        pagination={{ ...pagination, showQuickJumper: false, size: 'small', align: 'center' }}
        renderItem={(row, i) => {
          const key = keyOf(row);
          return (
            <List.Item key={key} style={{ padding: '6px 0', border: 'none' }}>
              <Card
                size="small"
                style={{ width: '100%' }}
                data-card={String(key)}
                title={
                  <span className="sk-phone-card-title">
                    {onSelect ? (
                      <Checkbox
                        checked={selected?.includes(key)}
                        onChange={(e) => onSelect(row, e.target.checked)}
                        aria-label="选择"
                        style={{ marginRight: 8 }}
                      />
                    ) : null}
                    {head ? cell(head, row, i) : null}
                  </span>
                }
                actions={actions ? [<div key="a">{cell(actions, row, i)}</div>] : undefined}
              >
                {rest.map((c) => (
                  <div key={c.key} className="sk-phone-card-row">
                    <span className="sk-phone-card-label">{c.title}</span>
                    <span className="sk-phone-card-value">{cell(c, row, i)}</span>
                  </div>
                ))}
              </Card>
            </List.Item>
          );
        }}
      />
    </Spin>
  );
}
