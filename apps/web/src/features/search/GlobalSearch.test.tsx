import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLocation } from 'react-router';
import { renderWithApp } from '../../components/testing';
import { focusSearch } from '../../lib/searchFocus';
import { GlobalSearch } from './GlobalSearch';

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

const groups = [
  { kind: 'order', items: [{ id: 7, no: 'GD20261123-0001', title: '中央空调不制冷维修', sub: '蓝天物业', state: '待服务' }] },
  { kind: 'product', items: [{ id: 3, no: 'SN-ZY-0042', title: '中央空调外机', sub: '恒瑞', state: null }] },
];
let asked: string[] = [];
beforeEach(() => {
  asked = [];
  vi.stubGlobal('fetch', async (url: string) => {
    const q = new URL(String(url), 'http://x').searchParams.get('q') ?? '';
    asked.push(q);
    const data = { groups: q === '空调' ? groups : [] };
    return new Response(JSON.stringify({ success: true, message: '', data }), { status: 200 });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('GlobalSearch', () => {
  it('asks from two characters on, groups the hits by kind and opens the one picked', { timeout: 30_000 }, async () => {
    renderWithApp(
      <>
        <GlobalSearch />
        <Where />
      </>,
      '/guideOne',
    );
    const box = screen.getByLabelText('全局搜索');
    // Ctrl+K's target: the box registered its focus.
    expect(focusSearch()).toBe(true);
    fireEvent.change(box, { target: { value: '空' } });
    expect(await screen.findByText('请输入至少2个字')).toBeTruthy();
    fireEvent.change(box, { target: { value: '空调' } });
    expect(await screen.findByText('中央空调不制冷维修')).toBeTruthy();
    expect(asked).toEqual(['空调']);
    expect(screen.getByText('工单')).toBeTruthy();
    expect(screen.getByText('设备')).toBeTruthy();
    expect(screen.getByText('SN-ZY-0042 · 恒瑞')).toBeTruthy();
    fireEvent.click(screen.getByText('中央空调外机'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/productManage/detail/3'));
    expect((box as HTMLInputElement).value).toBe('');
  });

  it('says so when nothing matches', { timeout: 30_000 }, async () => {
    renderWithApp(<GlobalSearch />);
    fireEvent.change(screen.getByLabelText('全局搜索'), { target: { value: '不存在的' } });
    expect(await screen.findByText('没有找到匹配的工单、客户、设备、事件或项目')).toBeTruthy();
  });
});
