import { noticeCountsContract } from '@sk/shared/notices/notices.counts';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../components/testing';
import { SHELL_COUNT, useApi } from '../../lib/query';
import { useLiveNotices } from './useLiveNotices';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

type OnFrame = (f: { eventType: string }) => void;

function Bell({ make }: { make: (onFrame: OnFrame) => { connect(): void; close(): void } }) {
  useLiveNotices(true, make);
  const q = useApi(noticeCountsContract.notifyCount, undefined, { call: { silent: true }, meta: SHELL_COUNT });
  return <output data-testid="count">{q.data ?? '-'}</output>;
}

describe('live notices', () => {
  it('refreshes the bell when the socket says a notice came, not on other frames, and closes the socket on unmount', async () => {
    let unread = 1;
    let asked = 0;
    vi.stubGlobal('fetch', async () => {
      asked++;
      return new Response(JSON.stringify({ success: true, message: '', data: unread }), { status: 200 });
    });
    let push: OnFrame = () => {};
    const client = { connect: vi.fn(), close: vi.fn() };
    const make = (onFrame: OnFrame) => {
      push = onFrame;
      return client;
    };
    const view = renderWithApp(<Bell make={make} />);
    await waitFor(() => expect(screen.getByTestId('count').textContent).toBe('1'));
    expect(client.connect).toHaveBeenCalledTimes(1);
    const before = asked;
    unread = 2;
    act(() => push({ eventType: 'message' }));
    await new Promise((r) => setTimeout(r, 100));
    expect(asked).toBe(before);
    act(() => push({ eventType: 'notice' }));
    await waitFor(() => expect(screen.getByTestId('count').textContent).toBe('2'));
    view.unmount();
    expect(client.close).toHaveBeenCalledTimes(1);
  });
});
