import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../components/testing';
import { BatchTagDialog } from './components/BatchTagDialog';

const tags = [{ id: 31, code: 4, name: 'VIP客户', color_rgb: '#faad14', sort: 1, create_time: '2026-11-01 10:00:00' }];
let posted: { url: string; body: unknown }[] = [];
beforeEach(() => {
  posted = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const write = init?.method && init.method !== 'GET';
    if (write) posted.push({ url: `${init.method} ${url}`, body: JSON.parse(String(init.body)) });
    const data = write ? null : tags;
    return new Response(JSON.stringify({ success: true, message: '', data }), { status: 200 });
  });
});
afterEach(() => vi.unstubAllGlobals());

const ok = () => screen.getByRole('button', { name: /确\s*定/ });

describe('BatchTagDialog', () => {
  it('asks for a tag before sending anything, then removes the chosen tag from the selected customers and closes', async () => {
    const onDone = vi.fn();
    const onClose = vi.fn();
    renderWithApp(<BatchTagDialog open customerIds={[5, 6]} onClose={onClose} onDone={onDone} />);
    expect(screen.getByText('批量标签（已选2个客户）')).toBeTruthy();
    fireEvent.click(ok());
    expect(await screen.findByText('请选择标签')).toBeTruthy();
    expect(posted).toHaveLength(0);

    fireEvent.click(screen.getByLabelText('移除标签'));
    fireEvent.mouseDown(screen.getByLabelText('客户标签'));
    fireEvent.click(await screen.findByTitle('VIP客户'));
    fireEvent.click(ok());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posted).toEqual([{ url: expect.stringMatching(/^DELETE .*\/v2\/epTag\/batchRemoveTagByObj/), body: { code: 4, tagIds: [31], objIds: [5, 6] } }]);
    expect(onDone).toHaveBeenCalledTimes(1);
  });
});
