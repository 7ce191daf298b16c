import type { DownloadItem } from '@sk/shared/files/files.contract';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../components/testing';
import { resetApiMemory } from '../lib/api';
import { DownloadCenter } from './DownloadCenter';
import { watchDownloads } from './downloads';

// The 文件已生成 notice sits at the top right, where the open download centre shows its 下载 buttons: it must not cover
// them (a click on 下载 landed on the notice's place in the browser tests).

const item = (state: number): DownloadItem => ({
  id: 7,
  name: '人员导出',
  create_time: '2026-11-27 09:00:00',
  process_state: state,
  process: state === 2 ? 100 : 40,
  file_download_url: state === 2 ? '/api/fileDownloadCenter/download/7' : null,
  file_state: 0,
  size: state === 2 ? 2048 : null,
  row_count: 17,
  error: null,
});

let state = 1;
beforeEach(() => {
  state = 1;
  resetApiMemory();
  vi.stubGlobal('fetch', async (url: string) => {
    const data = String(url).includes('/fileDownloadCenter/list') ? { list: [item(state)], count: 1, unread: state === 2 ? 1 : 0 } : { updated: 1 };
    return new Response(JSON.stringify({ success: true, message: '操作成功', data }), { status: 200 });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  for (const n of document.querySelectorAll('.ant-notification')) n.remove();
});

/** The notice, unless it is leaving (jsdom never ends the fade, so a closed notice stays in the page with its leave class). */
const notice = () => {
  const n = screen.queryByText('文件已生成')?.closest('.ant-notification-notice');
  return n && !n.className.includes('fade-leave') ? n : null;
};

describe('download centre', () => {
  it('tells of a finished file while the list is closed, and opening the list closes the notice', async () => {
    renderWithApp(<DownloadCenter />);
    await waitFor(() => expect(screen.getByRole('button', { name: '下载中心' })).toBeTruthy());
    await act(async () => watchDownloads());
    state = 2;
    await waitFor(() => expect(notice()).not.toBeNull(), { timeout: 4000 });
    fireEvent.click(screen.getByRole('button', { name: '下载中心' }));
    // well within the notice's own 4 s
    await waitFor(() => expect(notice()).toBeNull(), { timeout: 300 });
    expect(await screen.findByText('2026-11-27 09:00:00 已完成')).toBeTruthy();
  });

  it('shows no notice for a file that finishes while the list is open: its row says 已完成', async () => {
    renderWithApp(<DownloadCenter />);
    fireEvent.click(screen.getByRole('button', { name: '下载中心' }));
    expect(await screen.findByRole('progressbar', { name: '人员导出 导出进度' })).toBeTruthy();
    state = 2;
    expect(await screen.findByText('2026-11-27 09:00:00 已完成', undefined, { timeout: 4000 })).toBeTruthy();
    await new Promise((r) => setTimeout(r, 300));
    expect(notice()).toBeNull();
  });
});
