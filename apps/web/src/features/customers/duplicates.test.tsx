import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../components/testing';
import { DuplicateCustomerAlert } from './components/DuplicateCustomer';

describe('DuplicateCustomerAlert', () => {
  const dup = { id: 9, name: '上海恒瑞物业管理有限公司', linkperson: '赵建国', phone: '13912345678', address: '上海市浦东新区张江路100号' };

  it('names the existing customer and offers it', async () => {
    const onAction = vi.fn();
    renderWithApp(<DuplicateCustomerAlert duplicates={[dup]} actionLabel="选用该客户" onAction={onAction} />);
    expect(screen.getByText('已存在同名同电话的客户，不能重复创建')).toBeTruthy();
    expect(screen.getByText(/赵建国，13912345678/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '选用该客户' }));
    expect(onAction).toHaveBeenCalledWith(expect.objectContaining({ id: 9 }));
  });

  it('offers nothing to open for a customer outside my scope, and shows nothing without a match', () => {
    const { container } = renderWithApp(<DuplicateCustomerAlert duplicates={[{ ...dup, id: null }]} actionLabel="打开该客户" onAction={() => {}} />);
    expect(screen.queryByRole('button', { name: '打开该客户' })).toBeNull();
    expect(screen.getByText(/不在您的客户范围内/)).toBeTruthy();
    expect(container.textContent).toContain('上海恒瑞物业管理有限公司');
    const empty = renderWithApp(<DuplicateCustomerAlert duplicates={[]} actionLabel="打开该客户" onAction={() => {}} />);
    expect(empty.container.querySelector('[data-testid="customer-duplicate"]')).toBeNull();
  });
});
