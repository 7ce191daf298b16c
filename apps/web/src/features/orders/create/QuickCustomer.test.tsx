import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../components/testing';
import { QuickCustomer } from './QuickCustomer';

let posted: { url: string; body: unknown }[] = [];
beforeEach(() => {
  posted = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const write = init?.method === 'POST';
    if (write) posted.push({ url, body: JSON.parse(String(init.body)) });
    // duplicate check and areas answer empty; the save answers the new id
    const data = write ? { id: 41 } : [];
    return new Response(JSON.stringify({ success: true, message: '', data }), { status: 200 });
  });
});
afterEach(() => vi.unstubAllGlobals());

const create = () => screen.getByRole('button', { name: /创建客户/ });

describe('QuickCustomer', () => {
  it('asks for the contract’s required fields and a real phone, then creates the customer with its first contact', async () => {
    const onCreated = vi.fn();
    renderWithApp(<QuickCustomer open onClose={() => {}} onCreated={onCreated} />);
    fireEvent.click(create());
    expect(await screen.findByText('请输入联系电话')).toBeTruthy();
    expect(posted).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('客户名称'), { target: { value: '  上海恒瑞物业 ' } });
    fireEvent.change(screen.getByLabelText('联系人'), { target: { value: '赵建国' } });
    fireEvent.change(screen.getByLabelText('联系电话'), { target: { value: 'abc' } });
    fireEvent.click(create());
    await waitFor(() => expect(document.querySelector('.ant-form-item-explain-error')?.textContent).toMatch(/电话/));
    expect(posted).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('联系电话'), { target: { value: '13912345678' } });
    fireEvent.click(create());
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(41, '上海恒瑞物业'));
    expect(posted).toEqual([
      {
        url: expect.stringContaining('/v2/customer/addCustomer'),
        body: { name: '上海恒瑞物业', linkPerson: { name: '赵建国', phone: '13912345678' }, address: null },
      },
    ]);
  });
});
