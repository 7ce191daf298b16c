import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../components/testing';
import { ReportButtons } from './ReportButtons';

let posted: { url: string; body: unknown }[] = [];
beforeEach(() => {
  posted = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    posted.push({ url, body: JSON.parse(String(init?.body)) });
    return new Response(JSON.stringify({ success: true, message: '发送成功', data: null }), { status: 200 });
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('ReportButtons', () => {
  it('texts the report to the customer’s mobile, refusing a number that is not one', async () => {
    renderWithApp(
      <ConfigProvider theme={{ token: { motion: false } }}>
        <ReportButtons orderId={7} orderNo="GD20261124-0001" phone="021-5555" completed />
      </ConfigProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: /发送给客户/ }));
    const input = (await screen.findByLabelText('手机号')) as HTMLInputElement;
    expect(input.value).toBe(''); // a landline is not prefilled
    fireEvent.change(input, { target: { value: '12345678' } });
    fireEvent.click(screen.getByRole('button', { name: /^发\s*送$/ }));
    expect(await screen.findByText(/手机号/, { selector: '.ant-form-item-explain-error' })).toBeTruthy();
    expect(posted).toHaveLength(0);

    fireEvent.change(input, { target: { value: '13912345678' } });
    fireEvent.click(screen.getByRole('button', { name: /^发\s*送$/ }));
    await waitFor(() => expect(posted).toEqual([{ url: expect.stringContaining('/order/pdfSend'), body: { orderId: 7, mobile: '13912345678' } }]));
    await waitFor(() => expect(screen.queryByLabelText('手机号')).toBeNull());
  });
});
