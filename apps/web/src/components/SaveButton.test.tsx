import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred } from './testing';
import { SaveButton } from './SaveButton';

afterEach(cleanup);

const button = () => screen.getByRole('button', { name: /保\s*存/ });
const isLoading = () => button().className.includes('ant-btn-loading');

describe('SaveButton', () => {
  it('shows loading while saving and ignores clicks meanwhile', async () => {
    const d = deferred();
    const onSave = vi.fn(() => d.promise);
    render(<SaveButton onSave={onSave} />);
    fireEvent.click(button());
    await waitFor(() => expect(isLoading()).toBe(true));
    fireEvent.click(button());
    expect(onSave).toHaveBeenCalledTimes(1);
    await act(async () => d.resolve());
    await waitFor(() => expect(isLoading()).toBe(false));
  });

  it('swallows a failing save and clears the loading state', async () => {
    const d = deferred();
    const onSave = vi.fn(() => d.promise);
    render(<SaveButton onSave={onSave} />);
    fireEvent.click(button());
    await waitFor(() => expect(isLoading()).toBe(true));
    await act(async () => d.reject(new Error('保存失败')));
    await waitFor(() => expect(isLoading()).toBe(false));
    fireEvent.click(button()); // usable again
    expect(onSave).toHaveBeenCalledTimes(2);
  });

  it('swallows a synchronous throw too', async () => {
    const onSave = vi.fn(() => {
      throw new Error('boom');
    });
    render(<SaveButton onSave={onSave} />);
    fireEvent.click(button());
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    await waitFor(() => expect(isLoading()).toBe(false));
  });

  it('does not save when the pre-check answers false, and saves when it answers true', async () => {
    const onSave = vi.fn(async () => {});
    const { rerender } = render(<SaveButton onSave={onSave} check={async () => false} />);
    fireEvent.click(button());
    await waitFor(() => expect(isLoading()).toBe(false));
    expect(onSave).not.toHaveBeenCalled();
    rerender(<SaveButton onSave={onSave} check={() => true} />);
    fireEvent.click(button());
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
  });
});
