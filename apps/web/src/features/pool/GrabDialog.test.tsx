import type { PoolRow } from '@sk/shared/pool/pool.contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../components/testing';
import { GrabDialog } from './GrabDialog';

const row = { id: 9, title: '净水器滤芯更换', version: 0 } as PoolRow;

function answer(data: unknown) {
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ success: true, message: '', data }), { status: 200 }));
}
afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('GrabDialog', () => {
  it('the requested time is taken: says why, picks the first free time, and grabs with a chosen one', { timeout: 30_000 }, async () => {
    answer({
      requested: '2030-03-04 09:30',
      requestedFree: false,
      clash: '该服务人员在2030-03-04 09:30已有预约（工单T1），请选择其他时间',
      days: [
        { date: '2030-03-04', times: ['10:00', '11:00'] },
        { date: '2030-03-05', times: ['09:00'] },
      ],
    });
    const grabbed: (string | undefined)[] = [];
    renderWithApp(<GrabDialog row={row} onClose={() => {}} onGrab={async (at) => void grabbed.push(at)} />);
    expect(await screen.findByText('该服务人员在2030-03-04 09:30已有预约（工单T1），请选择其他时间', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.queryByText(/按客户预约时间/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /确认抢单/ }));
    await waitFor(() => expect(grabbed).toEqual(['2030-03-04 10:00']));
    fireEvent.click(screen.getByText('09:00'));
    fireEvent.click(screen.getByRole('button', { name: /确认抢单/ }));
    await waitFor(() => expect(grabbed).toEqual(['2030-03-04 10:00', '2030-03-05 09:00']));
  });

  it('the requested time is free: grabs at it (no time sent, the order keeps its own)', { timeout: 30_000 }, async () => {
    answer({ requested: '2030-03-04 09:30', requestedFree: true, clash: null, days: [{ date: '2030-03-04', times: ['11:00'] }] });
    const grabbed: (string | undefined)[] = [];
    renderWithApp(<GrabDialog row={row} onClose={() => {}} onGrab={async (at) => void grabbed.push(at)} />);
    expect(await screen.findByText('按客户预约时间：2030-03-04 09:30', {}, { timeout: 15_000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /确认抢单/ }));
    await waitFor(() => expect(grabbed).toEqual([undefined]));
  });
});
