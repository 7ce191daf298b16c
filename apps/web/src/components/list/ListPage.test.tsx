import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { endpoint, LIST_WINDOW } from '@sk/shared';
import { z } from 'zod';
import { QueryClient } from '@tanstack/react-query';
import { Button, Form, Input } from 'antd';
import { createRef, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.setConfig({ testTimeout: 30_000 }); // antd in jsdom is slow on a shared 2-core machine
import type { SessionUserInfo } from '@sk/shared';
import { labelOptions } from '../../lib/options';
import { call } from '../../lib/api';
import { apiKey, invalidate, queryClient, staleAfter, useApiMutation } from '../../lib/query';
import { getSessionUser, setSessionUser } from '../../lib/session';
import { RecordFormDialog } from '../RecordFormDialog';
import { renderWithApp, stubApi } from '../testing';
import { contractFetcher } from './fetchers';
import { FilterSelect } from './FilterSelect';
import { MIN_COLUMN_WIDTH, visibleColumns } from './columns';
import { ListPage, type ListPageHandle } from './ListPage';
import { type ListQuery, warmFirstList } from './useListData';

interface Row {
  id: number;
  name: string;
}
const COLS = Array.from({ length: 11 }, (_, i) => ({ key: `c${i}`, dataIndex: 'name', title: `列${i}` }));
const rows = (n: number, from = 1): Row[] => Array.from({ length: n }, (_, i) => ({ id: from + i, name: `人员${from + i}` }));

/** The read the test lists' rows come from: every list names one (it is kept under it and refreshed through it). */
const PEOPLE = endpoint({ method: 'GET', path: '/test/people', response: z.unknown() });
const named = <F extends (q: ListQuery) => Promise<{ list: Row[]; count: number }>>(f: F) => Object.assign(f, { reads: [PEOPLE] as const });

function fetcher(total: number) {
  return named(
    vi.fn(async (q: ListQuery) => {
      const start = q.pageIndex * q.pageSize;
      return { list: rows(Math.max(0, Math.min(q.pageSize, total - start)), start + 1), count: total };
    }),
  );
}

const headers = () =>
  screen
    .getAllByRole('columnheader')
    .map((h) => h.textContent)
    .filter((t) => t?.startsWith('列'));

async function openChooser() {
  fireEvent.click(screen.getByRole('button', { name: /列设置/ }));
  return within(await screen.findByTestId('column-chooser'));
}

beforeEach(() => localStorage.clear());
afterEach(() => cleanup());

describe('ListPage data', () => {
  const client = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

  it('shows a first page asked for before it rendered (the start-up warm-up) in its first render, and does not ask again', async () => {
    const qc = client();
    const fetch = fetcher(35);
    await warmFirstList('/test', { fetch, params: { scope: 'all' } }, qc);
    expect(fetch).toHaveBeenCalledTimes(1);
    renderWithApp(<ListPage<Row> title="人员" columns={COLS} fetch={fetch} params={{ scope: 'all' }} />, '/test', qc);
    // In the first render: no spinner turn, no second request when it mounts.
    expect(screen.getAllByText('人员1').length).toBeGreaterThan(0);
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledWith({ pageIndex: 0, pageSize: 10, sortType: 1, scope: 'all' });
  });

  it('asks for its own first page when the warmed one is another (other fixed fields) or older than half a minute', async () => {
    const qc = client();
    const fetch = fetcher(35);
    await warmFirstList('/test', { fetch, params: { scope: 'mine' } }, qc);
    renderWithApp(<ListPage<Row> title="人员" columns={COLS} fetch={fetch} params={{ scope: 'all' }} />, '/test', qc);
    await screen.findAllByText('人员1');
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(fetch).toHaveBeenLastCalledWith({ pageIndex: 0, pageSize: 10, sortType: 1, scope: 'all' });
    cleanup();

    const later = client();
    const again = fetcher(35);
    await warmFirstList('/test', { fetch: again }, later);
    const now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now + 31_000);
    try {
      renderWithApp(<ListPage<Row> title="人员" columns={COLS} fetch={again} />, '/test', later);
      await vi.waitFor(() => expect(again).toHaveBeenCalledTimes(2));
    } finally {
      clock.mockRestore();
    }
  });

  it('starts at the enterprise’s 列表默认每页条数 from the session', async () => {
    setSessionUser({ ...(getSessionUser() ?? ({} as SessionUserInfo)), defaultPageSize: 20 } as SessionUserInfo);
    try {
      const fetch = fetcher(35);
      renderWithApp(<ListPage<Row> title="人员" columns={COLS} fetch={fetch} />);
      await screen.findAllByText('人员20');
      expect(fetch).toHaveBeenLastCalledWith({ pageIndex: 0, pageSize: 20, sortType: 1 });
    } finally {
      setSessionUser(null);
    }
  });

  it('asks the fetcher with a zero-based page index, default size 10 and sort 1', async () => {
    const fetch = fetcher(35);
    renderWithApp(<ListPage<Row> title="人员" columns={COLS} fetch={fetch} paid />);
    await screen.findAllByText('人员1');
    expect(fetch).toHaveBeenLastCalledWith({ pageIndex: 0, pageSize: 10, sortType: 1 });
    fireEvent.click(screen.getByTitle('2'));
    await screen.findAllByText('人员11');
    expect(fetch).toHaveBeenLastCalledWith({ pageIndex: 1, pageSize: 10, sortType: 1 });
    expect(screen.getByText('共 35 条')).toBeTruthy();
  });

  it('shows a capped count as 10000+ and walks on past the window while the pages are full', async () => {
    // 20,000 rows behind a count capped at one past the window.
    const fetch = named(vi.fn(async (q: ListQuery) => ({ list: rows(q.pageSize, q.pageIndex * q.pageSize + 1), count: LIST_WINDOW + 1 })));
    renderWithApp(<ListPage<Row> title="人员" columns={COLS} fetch={fetch} paid />);
    await screen.findAllByText('人员1');
    expect(screen.getByText('共 10000+ 条')).toBeTruthy();
    // 10 a page: page 1001 (past the window) is offered, and from it the next one.
    fireEvent.click(screen.getByTitle('1001'));
    await screen.findAllByText('人员10001');
    expect(fetch).toHaveBeenLastCalledWith({ pageIndex: 1000, pageSize: 10, sortType: 1 });
    fireEvent.click(screen.getByTitle('1002'));
    await screen.findAllByText('人员10011');
    expect(fetch).toHaveBeenLastCalledWith({ pageIndex: 1001, pageSize: 10, sortType: 1 });
  });

  it('offers every page of an exact count past the window (a count from totals)', async () => {
    const fetch = fetcher(1_000_000);
    renderWithApp(<ListPage<Row> title="人员" columns={COLS} fetch={fetch} paid />);
    await screen.findAllByText('人员1');
    expect(screen.getByText('共 1000000 条')).toBeTruthy();
    fireEvent.click(screen.getByTitle('100000'));
    await screen.findAllByText('人员999991');
    expect(fetch).toHaveBeenLastCalledWith({ pageIndex: 99_999, pageSize: 10, sortType: 1 });
  });

  it('searches by keyword from the first page, leaving empty filters out', async () => {
    const fetch = fetcher(35);
    renderWithApp(<ListPage<Row> title="人员" columns={COLS} fetch={fetch} paid />);
    await screen.findAllByText('人员1');
    fireEvent.click(screen.getByTitle('3'));
    await screen.findAllByText('人员21');
    fireEvent.change(screen.getByLabelText('关键字'), { target: { value: '  张三 ' } });
    fireEvent.keyDown(screen.getByLabelText('关键字'), { key: 'Enter', keyCode: 13 });
    await waitFor(() => expect(fetch).toHaveBeenLastCalledWith({ pageIndex: 0, pageSize: 10, sortType: 1, keyword: '张三' }));
  });

  it('offers 500 and 1000 per page only on paid plans', async () => {
    renderWithApp(<ListPage<Row> title="人员" columns={COLS} fetch={fetcher(5)} paid />);
    await screen.findAllByText('人员1');
    fireEvent.mouseDown(screen.getByText('10 条/页'));
    expect(await screen.findByText('1000 条/页')).toBeTruthy();
    expect(screen.getByText('500 条/页')).toBeTruthy();
    cleanup();

    renderWithApp(<ListPage<Row> title="人员" columns={COLS} fetch={fetcher(5)} paid={false} />);
    await screen.findAllByText('人员1');
    fireEvent.mouseDown(screen.getByText('10 条/页'));
    expect(await screen.findByText('100 条/页')).toBeTruthy();
    expect(screen.queryByText('500 条/页')).toBeNull();
    expect(screen.queryByText('1000 条/页')).toBeNull();
  });

  it('refuses a sort change on the free plan with the upgrade notice, and sorts on paid plans', async () => {
    const fetch = fetcher(3);
    renderWithApp(<ListPage<Row> title="人员" columns={COLS} fetch={fetch} paid={false} />);
    await screen.findAllByText('人员1');
    fireEvent.mouseDown(screen.getByText('创建时间从新到旧'));
    fireEvent.click(await screen.findByText('创建时间从旧到新'));
    expect(await screen.findByText(/^免费版不支持修改排序，建议升级为VIP版本，咨询热线：/)).toBeTruthy();
    expect(fetch.mock.calls.every(([q]) => q.sortType === 1)).toBe(true);
    cleanup();

    const paidFetch = fetcher(3);
    renderWithApp(<ListPage<Row> title="人员" columns={COLS} fetch={paidFetch} paid />);
    await screen.findAllByText('人员1');
    fireEvent.mouseDown(screen.getAllByText('创建时间从新到旧')[0]!);
    fireEvent.click(await screen.findByText('创建时间从旧到新'));
    await waitFor(() => expect(paidFetch).toHaveBeenLastCalledWith({ pageIndex: 0, pageSize: 10, sortType: 2 }));
  });

  it("refreshes after a change invalidates its read (on the page it shows), not after another read's", async () => {
    const listRead = endpoint({ method: 'POST', path: '/test/people/list', body: z.object({}).passthrough(), response: z.unknown() });
    const otherRead = endpoint({ method: 'POST', path: '/test/other/list', body: z.object({}).passthrough(), response: z.unknown() });
    const fetch = fetcher(35);
    const ref = createRef<ListPageHandle>();
    renderWithApp(<ListPage<Row> title="人员" columns={COLS} fetch={fetch} read={listRead} paid ref={ref} />, '/test', queryClient);
    await screen.findAllByText('人员1');
    fireEvent.click(screen.getByTitle('2'));
    await screen.findAllByText('人员11');
    fireEvent.click(screen.getAllByRole('checkbox')[1]!);
    await waitFor(() => expect(ref.current!.selectedKeys).toEqual([11]));
    const before = fetch.mock.calls.length;
    await act(() => invalidate(otherRead));
    expect(fetch.mock.calls.length).toBe(before);
    expect(ref.current!.selectedKeys).toEqual([11]);
    await act(() => invalidate(listRead));
    expect(fetch.mock.calls.length).toBe(before + 1);
    expect(fetch).toHaveBeenLastCalledWith(expect.objectContaining({ pageIndex: 1 }));
    // the selection named the rows before the change
    await waitFor(() => expect(ref.current!.selectedKeys).toEqual([]));
    queryClient.clear();
  });

  it('names the read of a contract fetcher: invalidating it refreshes the list, and a page the change emptied gives way to the last one', async () => {
    const listRead = endpoint({ method: 'POST', path: '/test/named/list', body: z.object({}).passthrough(), response: z.unknown() });
    let total = 25;
    const fetch = Object.assign(
      vi.fn(async (q: ListQuery) => {
        const start = q.pageIndex * q.pageSize;
        return { list: rows(Math.max(0, Math.min(q.pageSize, total - start)), start + 1), count: total };
      }),
      { reads: [listRead] as const },
    );
    renderWithApp(<ListPage<Row> title="人员" columns={COLS} fetch={fetch} paid />, '/test', queryClient);
    await screen.findAllByText('人员1');
    fireEvent.click(screen.getByTitle('3'));
    await screen.findAllByText('人员21');
    total = 15; // another screen deleted ten people
    await act(() => invalidate(listRead));
    await waitFor(() => expect(fetch).toHaveBeenLastCalledWith(expect.objectContaining({ pageIndex: 1 })));
    await screen.findAllByText('人员11');
    queryClient.clear();
  });
});

const PEOPLE_LIST = endpoint({ method: 'GET', path: '/test/dialog/people', query: z.object({}).passthrough(), response: z.unknown() });
const PEOPLE_ADD = endpoint({ method: 'POST', path: '/test/dialog/people/add', body: z.object({ name: z.string() }), response: z.null() });
const PEOPLE_IMPORT = endpoint({ method: 'POST', path: '/test/dialog/people/import', body: z.object({ name: z.string() }), response: z.null() });
// Every write a page makes declares what it makes stale, wherever it is made.
staleAfter([PEOPLE_IMPORT], [PEOPLE_LIST]);

/** A list page whose dialog writes through useApiMutation (`invalidates`) or a plain call (the write's staleAfter). */
function PeoplePage({ via }: { via: 'invalidates' | 'staleAfter' }) {
  const [open, setOpen] = useState(false);
  const add = useApiMutation(PEOPLE_ADD, { invalidates: [PEOPLE_LIST] });
  return (
    <>
      <ListPage<Row>
        title="人员"
        columns={COLS}
        fetch={contractFetcher<Row>(PEOPLE_LIST)}
        paid
        toolbar={<Button onClick={() => setOpen(true)}>新增人员</Button>}
      />
      <RecordFormDialog<{ name: string }>
        open={open}
        title="新增人员"
        onClose={() => setOpen(false)}
        onSubmit={(v) => (via === 'invalidates' ? add.mutateAsync(v) : call(PEOPLE_IMPORT, v))}
      >
        <Form.Item name="name" label="姓名">
          <Input />
        </Form.Item>
      </RecordFormDialog>
    </>
  );
}

describe('ListPage refresh: one way, invalidation of its reads', () => {
  function stubPeople() {
    const people: Row[] = rows(2);
    const add = (r: { body?: unknown }) => {
      people.push({ id: people.length + 1, name: (r.body as { name: string }).name });
      return null;
    };
    const api = stubApi({
      '/test/dialog/people/add': add,
      '/test/dialog/people/import': add,
      '/test/dialog/people': () => ({ list: [...people], count: people.length }),
    });
    return { listAsks: () => api.asked.filter((u) => /\/test\/dialog\/people(\?|$)/.test(u)).length };
  }

  afterEach(() => {
    vi.unstubAllGlobals();
    queryClient.clear();
  });

  for (const via of ['invalidates', 'staleAfter'] as const) {
    it(`shows a row saved in a dialog at once: the write makes the list's read stale (${via})`, async () => {
      const { listAsks } = stubPeople();
      renderWithApp(<PeoplePage via={via} />, '/test', queryClient);
      await screen.findAllByText('人员2');
      const before = listAsks();
      fireEvent.click(screen.getByRole('button', { name: '新增人员' }));
      fireEvent.change(await screen.findByLabelText('姓名'), { target: { value: '新同事' } });
      fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
      // no handle, no reload: the list asks again because its read went stale
      expect((await screen.findAllByText('新同事')).length).toBeGreaterThan(0);
      expect(listAsks()).toBe(before + 1);
    });
  }

  it('has no refresh on its handle, and its 刷新 button invalidates the read (every screen showing it asks again)', async () => {
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const fetch = fetcher(3);
    const ref = createRef<ListPageHandle>();
    qc.setQueryData(apiKey(PEOPLE, {}), 'another screen of the same read');
    renderWithApp(<ListPage<Row> title="人员" columns={COLS} fetch={fetch} paid ref={ref} />, '/test', qc);
    await screen.findAllByText('人员1');
    expect(Object.keys(ref.current!).sort()).toEqual(['query', 'selectedKeys', 'selectedRows']);
    const calls = fetch.mock.calls.length;
    fireEvent.click(screen.getByRole('button', { name: '刷新' }));
    await waitFor(() => expect(fetch.mock.calls.length).toBe(calls + 1));
    expect(qc.getQueryState(apiKey(PEOPLE, {}))?.isInvalidated).toBe(true);
  });
});

describe('ListPage params', () => {
  it('sends fixed params with every load and starts again from the first page when they change', async () => {
    const fetch = fetcher(35);
    const view = renderWithApp(<ListPage<Row> title="人员" columns={COLS} fetch={fetch} paid params={{ tab: 1 }} />);
    await screen.findAllByText('人员1');
    expect(fetch).toHaveBeenLastCalledWith({ pageIndex: 0, pageSize: 10, sortType: 1, tab: 1 });
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(fetch).toHaveBeenLastCalledWith({ pageIndex: 1, pageSize: 10, sortType: 1, tab: 1 }));
    view.rerender(<ListPage<Row> title="人员" columns={COLS} fetch={fetch} paid params={{ tab: 2 }} />);
    await waitFor(() => expect(fetch).toHaveBeenLastCalledWith({ pageIndex: 0, pageSize: 10, sortType: 1, tab: 2 }));
  });
});

describe('ListPage filters', () => {
  it('applies the panel with 查找 (mapped) and clears it with 重置', async () => {
    const fetch = fetcher(3);
    const { Form, Input } = await import('antd');
    renderWithApp(
      <ListPage<Row>
        title="人员"
        columns={COLS}
        fetch={fetch}
        paid
        filters={
          <Form.Item name="title" label="标题">
            <Input aria-label="标题" />
          </Form.Item>
        }
        mapFilters={(v) => ({ titleLike: v.title })}
      />,
    );
    await screen.findAllByText('人员1');
    fireEvent.click(screen.getByRole('button', { name: /筛选/ }));
    fireEvent.change(screen.getByLabelText('标题'), { target: { value: '空调' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*找/ }));
    await waitFor(() => expect(fetch).toHaveBeenLastCalledWith({ pageIndex: 0, pageSize: 10, sortType: 1, titleLike: '空调' }));
    fireEvent.click(screen.getByRole('button', { name: /重\s*置/ }));
    await waitFor(() => expect(fetch).toHaveBeenLastCalledWith({ pageIndex: 0, pageSize: 10, sortType: 1 }));
    expect((screen.getByLabelText('标题') as HTMLInputElement).value).toBe('');
  });
});

describe('FilterSelect', () => {
  it('labelOptions: numeric values in the table’s key order, labels kept', () => {
    expect(labelOptions({ 10: '已作废', 2: '已通过', 1: '待审核' })).toStrictEqual([
      { value: 1, label: '待审核' },
      { value: 2, label: '已通过' },
      { value: 10, label: '已作废' },
    ]);
  });

  it('is found as 状态筛选, reads 全部 when empty, filters by the numeric value and clears back to 全部', async () => {
    const fetch = fetcher(3);
    const { container } = renderWithApp(
      <ListPage<Row>
        title="人员"
        columns={COLS}
        fetch={fetch}
        paid
        filters={<FilterSelect name="state" label="状态" width={140} options={labelOptions({ 1: '待审核', 2: '已通过' })} />}
      />,
    );
    await screen.findAllByText('人员1');
    fireEvent.click(screen.getByRole('button', { name: /筛选/ }));
    const box = screen.getByRole('combobox', { name: '状态筛选' });
    const select = box.closest<HTMLElement>('.ant-select')!;
    expect(select.style.width).toBe('140px');
    expect(within(select).getByText('全部')).toBeTruthy();
    expect(screen.getByText('状态', { selector: 'label' })).toBeTruthy();

    fireEvent.mouseDown(box);
    fireEvent.click(await screen.findByTitle('已通过'));
    fireEvent.click(screen.getByRole('button', { name: /查\s*找/ }));
    await waitFor(() => expect(fetch).toHaveBeenLastCalledWith({ pageIndex: 0, pageSize: 10, sortType: 1, state: 2 }));

    fireEvent.mouseDown(container.querySelector('.ant-select-clear')!);
    fireEvent.click(container.querySelector('.ant-select-clear')!);
    expect(within(select).getByText('全部')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /查\s*找/ }));
    await waitFor(() => expect(fetch).toHaveBeenLastCalledWith({ pageIndex: 0, pageSize: 10, sortType: 1 }));
  });

  it('takes an aria-label of its own where the label is shorter', async () => {
    renderWithApp(
      <ListPage<Row>
        title="仓库"
        columns={COLS}
        fetch={fetcher(1)}
        paid
        filters={<FilterSelect name="kind" label="类型" width={140} ariaLabel="仓库类型筛选" options={[]} />}
      />,
    );
    await screen.findAllByText('人员1');
    fireEvent.click(screen.getByRole('button', { name: /筛选/ }));
    expect(screen.getByRole('combobox', { name: '仓库类型筛选' })).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: '类型筛选' })).toBeNull();
  });
});

describe('ListPage export', () => {
  it('warns 导出数据不能为空 when the list is empty and opens no dialog', async () => {
    const onExport = vi.fn(async () => {});
    renderWithApp(<ListPage<Row> title="人员" columns={COLS} fetch={fetcher(0)} paid onExport={onExport} />);
    await screen.findByText('暂无数据', { selector: '.ant-empty-description' });
    fireEvent.click(screen.getByRole('button', { name: /导\s*出/ }));
    expect(await screen.findByText('导出数据不能为空')).toBeTruthy();
    expect(screen.queryByText('导出范围')).toBeNull();
    expect(onExport).not.toHaveBeenCalled();
  });

  it('warns 未选中数据 for selected rows with nothing selected', async () => {
    const onExport = vi.fn(async () => {});
    renderWithApp(<ListPage<Row> title="人员" columns={COLS} fetch={fetcher(3)} paid onExport={onExport} />);
    await screen.findAllByText('人员1');
    fireEvent.click(screen.getByRole('button', { name: /导\s*出/ }));
    fireEvent.click(await screen.findByLabelText(/选中行数据/));
    fireEvent.click(screen.getAllByRole('button', { name: /^导\s*出$/ }).at(-1)!);
    expect(await screen.findByText('未选中数据')).toBeTruthy();
    expect(onExport).not.toHaveBeenCalled();
  });

  it('exports the selected rows under the default name (page name + date)', async () => {
    const onExport = vi.fn(async (_req: unknown) => {});
    renderWithApp(<ListPage<Row> title="全部项目数据" columns={COLS} fetch={fetcher(3)} paid onExport={onExport} />);
    await screen.findAllByText('人员1');
    const boxes = screen.getAllByRole('checkbox');
    fireEvent.click(boxes[1]!); // row 1
    fireEvent.click(boxes[3]!); // row 3
    fireEvent.click(screen.getByRole('button', { name: /导\s*出/ }));
    const name = (await screen.findByLabelText('文件名')) as HTMLInputElement;
    const today = new Date();
    const date = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
    expect(name.value).toBe(`全部项目数据${date}`);
    fireEvent.click(screen.getAllByRole('button', { name: /^导\s*出$/ }).at(-1)!);
    await waitFor(() => expect(onExport).toHaveBeenCalledTimes(1));
    const req = onExport.mock.calls[0]![0];
    expect(req).toMatchObject({ fileName: `全部项目数据${date}`, scope: 'selected', ids: [1, 3] });
    expect(await screen.findByText('导出任务已创建，请到下载中心查看')).toBeTruthy();
  });

  it('exports every row the filters match by default (no ids, the current query), unless the list turns it off', async () => {
    const onExport = vi.fn(async (_req: unknown) => {});
    const { unmount } = renderWithApp(<ListPage<Row> title="人员" columns={COLS} fetch={fetcher(25)} paid onExport={onExport} />);
    await screen.findAllByText('人员1');
    fireEvent.click(screen.getByRole('button', { name: /导\s*出/ }));
    expect(((await screen.findByText('全部筛选结果（25）')).closest('label')!.querySelector('input') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getAllByRole('button', { name: /^导\s*出$/ }).at(-1)!);
    await waitFor(() => expect(onExport).toHaveBeenCalledTimes(1));
    expect(onExport.mock.calls[0]![0]).toMatchObject({ scope: 'all', ids: [], rows: [], query: { pageIndex: 0, pageSize: 10 } });
    unmount();
    renderWithApp(<ListPage<Row> title="项目" columns={COLS} fetch={fetcher(25)} paid onExport={onExport} exportAll={false} />);
    await screen.findAllByText('人员1');
    fireEvent.click(screen.getByRole('button', { name: /导\s*出/ }));
    await screen.findByText('当前页数据');
    expect(screen.queryByText(/全部筛选结果/)).toBeNull();
  });
});

describe('ListPage batch delete', () => {
  it('asks for a selection first, then confirms, deletes, says 删除成功 and reloads', async () => {
    const fetch = fetcher(3);
    const onDelete = vi.fn(async () => {});
    renderWithApp(<ListPage<Row> title="人员" columns={COLS} fetch={fetch} paid onDelete={onDelete} />);
    await screen.findAllByText('人员1');
    fireEvent.click(screen.getByRole('button', { name: /批量删除/ }));
    expect(await screen.findByText('请选择需要删除的行')).toBeTruthy();
    expect(screen.queryByText('确认删除选中的行吗？')).toBeNull();

    fireEvent.click(screen.getAllByRole('checkbox')[2]!); // row 2
    fireEvent.click(screen.getByRole('button', { name: /批量删除/ }));
    expect(await screen.findByText('确认删除选中的行吗？')).toBeTruthy();
    const calls = fetch.mock.calls.length;
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(onDelete).toHaveBeenCalledWith([2], [{ id: 2, name: '人员2' }]));
    expect(await screen.findByText('删除成功')).toBeTruthy();
    await waitFor(() => expect(fetch.mock.calls.length).toBeGreaterThan(calls));
  });

  it('deletes nothing when the confirmation is cancelled', async () => {
    const onDelete = vi.fn(async () => {});
    renderWithApp(<ListPage<Row> title="人员" columns={COLS} fetch={fetcher(3)} paid onDelete={onDelete} />);
    await screen.findAllByText('人员1');
    fireEvent.click(screen.getAllByRole('checkbox')[1]!);
    fireEvent.click(screen.getByRole('button', { name: /批量删除/ }));
    const dialog = (await screen.findByText('确认删除选中的行吗？')).closest('[role=dialog]') as HTMLElement;
    fireEvent.click(screen.getByRole('button', { name: /取\s*消/ }));
    // the cancel has been handled once the dialog starts closing; a delete would have been asked for by then
    await waitFor(() => expect(dialog.className).toMatch(/-leave/));
    expect(onDelete).not.toHaveBeenCalled();
    expect(screen.queryByText('删除成功')).toBeNull();
  });
});

describe('ListPage columns', () => {
  it('shows the first nine columns by default', async () => {
    renderWithApp(<ListPage<Row> title="人员" columns={COLS} fetch={fetcher(1)} paid routeKey="/a" />);
    await screen.findAllByText('人员1');
    expect(headers()).toEqual(['列0', '列1', '列2', '列3', '列4', '列5', '列6', '列7', '列8']);
  });

  it('keeps a choice per route across remounts', async () => {
    renderWithApp(<ListPage<Row> title="人员" columns={COLS} fetch={fetcher(1)} paid routeKey="/a" />);
    await screen.findAllByText('人员1');
    const chooser = await openChooser();
    fireEvent.click(chooser.getByLabelText('列1'));
    fireEvent.click(chooser.getByLabelText('列10'));
    await waitFor(() => expect(headers()).toEqual(['列0', '列2', '列3', '列4', '列5', '列6', '列7', '列8', '列10']));
    cleanup();

    renderWithApp(<ListPage<Row> title="人员" columns={COLS} fetch={fetcher(1)} paid routeKey="/a" />);
    await screen.findAllByText('人员1');
    expect(headers()).toEqual(['列0', '列2', '列3', '列4', '列5', '列6', '列7', '列8', '列10']);
    cleanup();

    renderWithApp(<ListPage<Row> title="人员" columns={COLS} fetch={fetcher(1)} paid routeKey="/b" />);
    await screen.findAllByText('人员1');
    expect(headers()).toHaveLength(9);
    expect(headers()).toContain('列1');
  });

  // Its own test: four mounts in one took 12 s of a 30 s limit on a busy machine.
  it('an empty choice resets to the nine defaults and forgets the route’s choice', async () => {
    renderWithApp(<ListPage<Row> title="人员" columns={COLS} fetch={fetcher(1)} paid routeKey="/a" />);
    await screen.findAllByText('人员1');
    const chooser = await openChooser();
    fireEvent.click(chooser.getByLabelText('列1'));
    await waitFor(() => expect(headers()).toHaveLength(8));
    expect(localStorage.getItem('sk_cache:columns:/a')).not.toBeNull();
    fireEvent.click(chooser.getByLabelText('全选')); // partly checked → all
    await waitFor(() => expect(headers()).toHaveLength(11));
    fireEvent.click(chooser.getByLabelText('全选')); // all → none, which resets
    await waitFor(() => expect(headers()).toEqual(['列0', '列1', '列2', '列3', '列4', '列5', '列6', '列7', '列8']));
    expect(localStorage.getItem('sk_cache:columns:/a')).toBeNull();
  });

  it('measures no column on mount unless one is pinned to the right (antd’s horizontal scroll measures them all)', async () => {
    renderWithApp(<ListPage<Row> title="人员" columns={COLS} fetch={fetcher(1)} paid routeKey="/a" />);
    await screen.findAllByText('人员1');
    expect(document.querySelector('.ant-table-measure-row')).toBeNull();
    expect(document.querySelector('.sk-wide-table .ant-table-content > table')).not.toBeNull();
    cleanup();

    const pinned = [...COLS, { key: 'ops', title: '操作', fixed: 'right' as const, width: 120 }];
    renderWithApp(<ListPage<Row> title="人员" columns={pinned} fetch={fetcher(1)} paid routeKey="/b" />);
    await screen.findAllByText('人员1');
    expect(document.querySelector('.ant-table-measure-row')).not.toBeNull();
    expect(document.querySelector('.sk-wide-table')).toBeNull();
  });

  it('gives columns without a width a minimum width of 150', () => {
    const cols = visibleColumns(
      [
        { key: 'a', title: 'A' },
        { key: 'b', title: 'B', width: 80 },
        { key: 'c', title: 'C' },
      ],
      ['a', 'b'],
    );
    expect(cols).toEqual([
      { key: 'a', title: 'A', minWidth: MIN_COLUMN_WIDTH },
      { key: 'b', title: 'B', width: 80 },
    ]);
  });
});
