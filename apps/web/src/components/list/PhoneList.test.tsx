// ListPage at phone width: one toolbar row (keyword, 筛选, 更多) with the filters in a sheet, and cards laid out for
// the person acting on them (title and state, then when and where, the number small at the foot).
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Form, Input } from 'antd';
import { endpoint } from '@sk/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

vi.setConfig({ testTimeout: 30_000 }); // antd in jsdom is slow on a shared 2-core machine
import { PHONE_QUERY } from '../../lib/phone';
import { renderWithApp } from '../testing';
import { withReads } from './fetchers';
import { ListPage } from './ListPage';
import type { PhoneCardLayout } from './PhoneCards';
import type { ListQuery } from './useListData';

interface Row {
  id: number;
  no: string;
  title: string;
  state: string;
  at: string;
  place: string;
}
const COLS = [
  { key: 'no', dataIndex: 'no', title: '编号' },
  { key: 'title', dataIndex: 'title', title: '标题' },
  { key: 'state', dataIndex: 'state', title: '状态' },
  { key: 'at', dataIndex: 'at', title: '预约时间' },
  { key: 'place', dataIndex: 'place', title: '地址' },
];
const LAYOUT: PhoneCardLayout<Row> = {
  title: 'title',
  tag: 'state',
  lead: [{ key: 'at', icon: <span>⏰</span>, label: '预约时间' }, { key: 'place' }],
  foot: 'no',
};
const ROWS: Row[] = [
  { id: 1, no: 'GD0001', title: '空调不制冷', state: '待服务', at: '明天 09:00', place: '张江路88号' },
  { id: 2, no: 'GD0002', title: '热水器检修', state: '服务中', at: '今天 14:00', place: '科苑路1号' },
];
const PEOPLE = endpoint({ method: 'GET', path: '/test/phone/people', response: z.unknown() });
const fetcher = () =>
  withReads(
    vi.fn(async (_q: ListQuery) => ({ list: ROWS, count: ROWS.length })),
    PEOPLE,
  );

const realMatchMedia = window.matchMedia;
beforeEach(() => {
  localStorage.clear();
  // A phone: only the phone query matches.
  window.matchMedia = (query: string) =>
    ({
      matches: query === PHONE_QUERY,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
});
afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
  window.matchMedia = realMatchMedia;
});

const filters = (
  <Form.Item name="title" label="标题">
    <Input aria-label="标题筛选" />
  </Form.Item>
);

describe('ListPage at phone width', () => {
  it('leads each card with the title and state, then the time and place without labels, the number small at the foot', async () => {
    renderWithApp(<ListPage<Row> title="工单" columns={COLS} fetch={fetcher()} paid phoneCard={LAYOUT} />);
    const card = (await screen.findByText('空调不制冷')).closest('[data-card]') as HTMLElement;
    expect(card.getAttribute('data-card')).toBe('1');
    const head = card.querySelector('.ant-card-head') as HTMLElement;
    expect(within(head).getByText('空调不制冷')).toBeTruthy();
    expect(within(head).getByText('待服务')).toBeTruthy();
    const lines = [...card.querySelectorAll('.sk-phone-card-lead')].map((l) => l.textContent);
    expect(lines).toEqual(['⏰明天 09:00', '张江路88号']);
    expect(within(card).getByRole('img', { name: '预约时间' })).toBeTruthy();
    expect(card.querySelector('.sk-phone-card-foot')?.textContent).toBe('编号　GD0001');
    // Nothing of the layout is repeated as a labelled row, and there is no table.
    expect(card.querySelectorAll('.sk-phone-card-row')).toHaveLength(0);
    expect(document.querySelector('table')).toBeNull();
  });

  it('keeps a plain key list as a title and labelled rows', async () => {
    renderWithApp(<ListPage<Row> title="工单" columns={COLS} fetch={fetcher()} paid phoneCard={['title', 'place']} />);
    const card = (await screen.findByText('热水器检修')).closest('[data-card]') as HTMLElement;
    expect(card.querySelector('.sk-phone-card-row')?.textContent).toBe('地址科苑路1号');
  });

  it('collapses the toolbar to one row: keyword, 筛选, 更多; no column chooser', async () => {
    renderWithApp(<ListPage<Row> title="工单" columns={COLS} fetch={fetcher()} paid phoneCard={LAYOUT} filters={filters} onExport={async () => {}} />);
    await screen.findByText('空调不制冷');
    expect(screen.getByLabelText('关键字')).toBeTruthy();
    expect(screen.getByRole('button', { name: /筛\s*选/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: '更多操作' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /列设置/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^导\s*出$/ })).toBeNull();
    // The panel is not on the page until 筛选 opens it.
    expect(screen.queryByLabelText('标题筛选')).toBeNull();
    expect(screen.queryByLabelText('排序')).toBeNull();
    // 导出 is under 更多.
    fireEvent.click(screen.getByRole('button', { name: '更多操作' }));
    expect(await screen.findByText('导出')).toBeTruthy();
  });

  it('opens the filters in a sheet, applies them, closes the sheet and counts them on 筛选', async () => {
    const fetch = fetcher();
    renderWithApp(
      <ListPage<Row> title="工单" columns={COLS} fetch={fetch} paid phoneCard={LAYOUT} filters={filters} mapFilters={(v) => ({ titleLike: v.title })} />,
    );
    await screen.findByText('空调不制冷');
    fireEvent.click(screen.getByRole('button', { name: /筛\s*选/ }));
    const sheet = await screen.findByRole('dialog', { name: '筛选' });
    expect(within(sheet).getByLabelText('排序')).toBeTruthy();
    fireEvent.change(within(sheet).getByLabelText('标题筛选'), { target: { value: '空调' } });
    fireEvent.click(within(sheet).getByRole('button', { name: /查\s*找/ }));
    await waitFor(() => expect(fetch).toHaveBeenLastCalledWith({ pageIndex: 0, pageSize: 10, sortType: 1, titleLike: '空调' }));
    await waitFor(() => expect(document.querySelector('.sk-filter-sheet.ant-drawer-open')).toBeNull());
    const toggle = screen.getByRole('button', { name: /筛\s*选/ });
    expect(toggle.closest('.ant-badge')?.querySelector('.ant-badge-count')?.textContent).toBe('1');
    // Opened again, the sheet still holds the value.
    fireEvent.click(toggle);
    expect(((await screen.findByLabelText('标题筛选')) as HTMLInputElement).value).toBe('空调');
  });
});
