import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Person, type PersonFetcher, PersonPicker, type PersonQuery } from './PersonPicker';
import { renderWithApp } from './testing';

vi.setConfig({ testTimeout: 30_000 });
afterEach(cleanup);

const PEOPLE: Person[] = [
  { id: 1, name: '张三', mobile: '13800000001', department_name: '客服部' },
  { id: 2, name: '李四', mobile: '13800000002', department_name: '技术服务部' },
  { id: 3, name: '王五', mobile: '13900000003', department_name: null },
];

/** Filters like the server: name or phone contains the keyword. */
const stub = () =>
  vi.fn<PersonFetcher>(async (q: PersonQuery) => {
    const hit = PEOPLE.filter((p) => !q.keyword || p.name.includes(q.keyword) || p.mobile.includes(q.keyword));
    return { list: hit.slice(q.pageIndex * q.pageSize, (q.pageIndex + 1) * q.pageSize), count: hit.length };
  });

const dialog = async () => within((await screen.findByRole('dialog')) as HTMLElement);
const search = (text: string) => {
  const box = screen.getByLabelText('姓名或手机号');
  fireEvent.change(box, { target: { value: text } });
  fireEvent.keyDown(box, { key: 'Enter', keyCode: 13 });
  fireEvent.keyUp(box, { key: 'Enter', keyCode: 13 }); // antd ignores a second Enter until the key is released
};
const ok = () => fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));

describe('PersonPicker', () => {
  it('searches by phone or name with the role and zero-based paging', async () => {
    const fetcher = stub();
    renderWithApp(<PersonPicker open role={2} fetcher={fetcher} onOk={() => {}} onCancel={() => {}} />);
    const d = await dialog();
    expect(d.getByText('选择服务人员')).toBeTruthy();
    await d.findByText('张三');
    expect(fetcher).toHaveBeenLastCalledWith({ role: 2, pageIndex: 0, pageSize: 10 });
    search('1390');
    await waitFor(() => expect(fetcher).toHaveBeenLastCalledWith({ role: 2, keyword: '1390', pageIndex: 0, pageSize: 10 }));
    await waitFor(() => expect(d.queryByText('张三')).toBeNull());
    expect(d.getByText('王五')).toBeTruthy();
    search('李');
    await waitFor(() => expect(fetcher).toHaveBeenLastCalledWith({ role: 2, keyword: '李', pageIndex: 0, pageSize: 10 }));
    await d.findByText('李四');
    expect(d.queryByText('王五')).toBeNull();
  });

  it('picks several people in multi mode, keeping picks across searches', async () => {
    const onOk = vi.fn();
    renderWithApp(<PersonPicker open multiple fetcher={stub()} onOk={onOk} onCancel={() => {}} />);
    const d = await dialog();
    fireEvent.click(await d.findByText('张三'));
    search('王');
    fireEvent.click(await d.findByText('王五'));
    expect(within(d.getByTestId('picker-chosen')).getByText('张三')).toBeTruthy();
    ok();
    expect(onOk).toHaveBeenCalledWith([PEOPLE[0], PEOPLE[2]]);
  });

  it('checkbox clicks toggle once, and a second click on a row unpicks it', async () => {
    const onOk = vi.fn();
    renderWithApp(<PersonPicker open multiple fetcher={stub()} onOk={onOk} onCancel={() => {}} />);
    const d = await dialog();
    await d.findByText('张三');
    const rowBoxes = d.getAllByRole('checkbox').slice(1); // first is select-all
    fireEvent.click(rowBoxes[1]!); // 李四
    fireEvent.click(d.getByRole('cell', { name: '张三' }));
    fireEvent.click(d.getByRole('cell', { name: '张三' }));
    ok();
    expect(onOk).toHaveBeenCalledWith([PEOPLE[1]]);
  });

  it('keeps only the last pick in single mode', async () => {
    const onOk = vi.fn();
    renderWithApp(<PersonPicker open fetcher={stub()} onOk={onOk} onCancel={() => {}} />);
    const d = await dialog();
    fireEvent.click(await d.findByText('张三'));
    fireEvent.click(d.getByText('李四'));
    ok();
    expect(onOk).toHaveBeenCalledWith([PEOPLE[1]]);
  });

  it('asks for a pick before confirming, and 重置 clears picks and the search', async () => {
    const onOk = vi.fn();
    const fetcher = stub();
    renderWithApp(<PersonPicker open multiple fetcher={fetcher} value={[PEOPLE[0]!]} onOk={onOk} onCancel={() => {}} />);
    const d = await dialog();
    await d.findByText('李四');
    expect(within(d.getByTestId('picker-chosen')).getByText('张三')).toBeTruthy(); // starts from value
    search('李');
    await waitFor(() => expect(d.queryByText('王五')).toBeNull());
    fireEvent.click(d.getByRole('button', { name: /重\s*置/ }));
    await d.findByText('王五');
    expect(fetcher).toHaveBeenLastCalledWith({ pageIndex: 0, pageSize: 10 });
    expect((screen.getByLabelText('姓名或手机号') as HTMLInputElement).value).toBe('');
    ok();
    expect(await screen.findByText('请选择人员')).toBeTruthy();
    expect(onOk).not.toHaveBeenCalled();
  });

  it('cancels without answering', async () => {
    const onOk = vi.fn();
    const onCancel = vi.fn();
    renderWithApp(<PersonPicker open fetcher={stub()} onOk={onOk} onCancel={onCancel} />);
    const d = await dialog();
    fireEvent.click(await d.findByText('张三'));
    fireEvent.click(d.getByRole('button', { name: /取\s*消/ }));
    expect(onCancel).toHaveBeenCalled();
    expect(onOk).not.toHaveBeenCalled();
  });
});
