import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../components/testing';
import { type ContractHead, ContractDetailFrame } from './ContractParts';

vi.setConfig({ testTimeout: 30_000 }); // antd in jsdom is slow on a shared machine

afterEach(() => cleanup());

const head = (abilities: ContractHead['abilities']): ContractHead => ({
  name: '恒瑞物业维保',
  contractNo: 'WB-0007',
  customerId: 12,
  customerName: '上海恒瑞物业管理有限公司',
  amount: 12800,
  createUserName: '李服务',
  create_time: '2026-11-20 10:00:00',
  remark: null,
  extFields: [],
  logs: [{ fromState: null, toState: 1, note: null, userName: '李服务', create_time: '2026-11-20 10:00:00' }],
  abilities,
});

function frame(c: ContractHead, onDelete = vi.fn(async () => {})) {
  renderWithApp(
    <ContractDetailFrame
      c={c}
      state={<span>已签订</span>}
      actions={<button type="button">开始执行</button>}
      dates={{ label: '服务期限', value: '2026-11-20 ~ 2027-11-19' }}
      products={<div>保修设备（0）</div>}
      historyTitle="状态记录"
      states={{ 1: '已签订', 2: '执行中' }}
      onEdit={() => {}}
      onDelete={onDelete}
    />,
  );
  return onDelete;
}

describe('a contract detail page', () => {
  it('shows the shared data, the kind’s own dates, products and history, and links the customer', async () => {
    frame(head({ edit: true, delete: false }));
    expect(await screen.findByText('WB-0007')).toBeTruthy();
    expect(screen.getByText('服务期限')).toBeTruthy();
    expect(screen.getByText('2026-11-20 ~ 2027-11-19')).toBeTruthy();
    expect(screen.getByRole('link', { name: '上海恒瑞物业管理有限公司' }).getAttribute('href')).toContain('12');
    expect(screen.getByText('保修设备（0）')).toBeTruthy();
    expect(screen.getByText('状态记录')).toBeTruthy();
    expect(screen.getByRole('button', { name: /编\s*辑/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /删\s*除/ })).toBeNull();
  });

  it('deletes only after the confirm, and offers no edit when not allowed', async () => {
    const onDelete = frame(head({ edit: false, delete: true }));
    expect(screen.queryByRole('button', { name: /编\s*辑/ })).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: /删\s*除/ }));
    expect(onDelete).not.toHaveBeenCalled();
    expect(await screen.findByText('确认删除合同“恒瑞物业维保”吗？')).toBeTruthy();
    const buttons = screen.getAllByRole('button', { name: /删\s*除/ });
    fireEvent.click(buttons[buttons.length - 1]!);
    await waitFor(() => expect(onDelete).toHaveBeenCalledTimes(1));
  });
});
