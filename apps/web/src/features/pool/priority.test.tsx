import { cleanup, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { ListColumn } from '../../components';
import { orderColumns } from '../../components/orderColumns';
import { poolColumns } from './PoolList';
import '../../components/testing';

afterEach(cleanup);

/** What a list's priority cell shows for a value: its text and its tag colour class. */
function cell(columns: ListColumn<never>[], value: number) {
  const column = columns.find((c) => c.key === 'priority');
  if (!column?.render) throw new Error('no priority column');
  const { container } = render(<MemoryRouter>{column.render(value, {} as never, 0) as ReactNode}</MemoryRouter>);
  const tag = container.querySelector('.ant-tag');
  return { text: container.textContent, className: tag?.className ?? '' };
}

const actions = { key: 'actions', title: '操作' } as ListColumn<never>;

describe('priority in the pool and the order list', () => {
  it('shows the same label and colour for every value', () => {
    for (const p of [1, 2, 3]) {
      const pool = cell(poolColumns(actions as never) as never, p);
      const list = cell(orderColumns() as never, p);
      expect(pool).toEqual(list);
    }
  });

  it('names 2 紧急 and 3 非常紧急 (the pool used to say 较高 and 紧急)', () => {
    const pool = poolColumns(actions as never) as never;
    expect(cell(pool, 1).text).toBe('普通');
    expect(cell(pool, 2).text).toBe('紧急');
    expect(cell(pool, 3).text).toBe('非常紧急');
  });
});
