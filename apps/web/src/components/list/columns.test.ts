import { describe, expect, it } from 'vitest';
import { defaultColumnKeys, type ListColumn, visibleColumns } from './columns';

const data = Array.from({ length: 10 }, (_, i): ListColumn<object> => ({ key: `c${i}`, title: `列${i}` }));
const actions: ListColumn<object> = { key: 'actions', title: '操作', fixed: 'right' };

describe('list columns', () => {
  it('shows the first nine data columns and the row actions by default, however many data columns there are', () => {
    expect(defaultColumnKeys([...data, actions])).toEqual([...data.slice(0, 9).map((c) => c.key), 'actions']);
  });

  it('keeps the row actions whatever the user chose', () => {
    expect(visibleColumns([...data, actions], ['c3']).map((c) => c.key)).toEqual(['c3', 'actions']);
  });
});
