// The signature field's value contract: the value is the stored image's file id in a one-element array (null when
// cleared); 确定 uploads the pad's PNG, trimmed to the ink, through POST /upload/save/str and answers [id]; an empty
// pad answers nothing. jsdom draws nothing, so the pad's library is replaced (through padMaker) by one whose strokes the test sets.
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../testing';
import { inkBox, padMaker, SignatureField } from './SignatureField';

vi.setConfig({ testTimeout: 30_000 }); // antd in jsdom is slow on a shared machine

/** The strokes of the fake pad (signature_pad's point groups). */
let strokes: { points: { x: number; y: number }[] }[] = [];
/** signature_pad's endStroke listeners: the test ends a stroke by calling them. */
const ended = new Set<() => void>();
const endStroke = () =>
  act(() => {
    for (const f of ended) f();
  });
/** The library's pad as the test drives it (put in through padMaker). */
class FakePad {
  toData = () => strokes;
  fromData = (d: typeof strokes) => {
    strokes = d;
  };
  clear = () => {
    strokes = [];
  };
  isEmpty = () => strokes.length === 0;
  addEventListener(_: string, f: () => void) {
    ended.add(f);
  }
  removeEventListener(_: string, f: () => void) {
    ended.delete(f);
  }
  off() {}
}

/** A 40×20 canvas with ink from (10,5) to (19,9); every other canvas answers it too. */
const W = 40;
const H = 20;
const pixels = new Uint8ClampedArray(W * H * 4);
for (let y = 5; y <= 9; y++) for (let x = 10; x <= 19; x++) pixels[(y * W + x) * 4 + 3] = 255;
let drawn: number[] = [];

beforeEach(() => {
  vi.spyOn(padMaker, 'make').mockImplementation(() => new FakePad() as never);
  strokes = [];
  drawn = [];
  const ctx = {
    scale: () => undefined,
    getImageData: () => ({ data: pixels }),
    drawImage: (...a: number[]) => {
      drawn = a.slice(1);
    },
  };
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(ctx as unknown as CanvasRenderingContext2D);
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue('data:image/png;base64,iVBORw0KGgo=');
  Object.defineProperty(HTMLCanvasElement.prototype, 'width', { configurable: true, get: () => W, set: () => undefined });
  Object.defineProperty(HTMLCanvasElement.prototype, 'height', { configurable: true, get: () => H, set: () => undefined });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  delete (HTMLCanvasElement.prototype as { width?: number }).width;
  delete (HTMLCanvasElement.prototype as { height?: number }).height;
});

describe('inkBox (the trimmed image)', () => {
  it('is the ink with the margin around it, kept within the canvas; null on an empty canvas', () => {
    expect(inkBox(pixels, W, H, 2)).toEqual({ x: 8, y: 3, w: 14, h: 9 });
    expect(inkBox(pixels, W, H, 30)).toEqual({ x: 0, y: 0, w: W, h: H });
    expect(inkBox(new Uint8ClampedArray(W * H * 4), W, H, 2)).toBeNull();
  });
});

describe('SignatureField', () => {
  it('answers [file id] after 确定 with the trimmed PNG uploaded, nothing while the pad is empty, null on 清除', async () => {
    const sent: unknown[] = [];
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      if (String(url).includes('/upload/save/str')) sent.push(JSON.parse(String(init?.body)));
      const data = { id: 77, name: '签名.png', ext: 'png', mime: 'image/png', size: 120, kind: 'image', url: '/api/upload/file/77' };
      return new Response(JSON.stringify({ success: true, message: '', data }), { status: 200 });
    });
    const onChange = vi.fn();
    const view = renderWithApp(<SignatureField value={null} onChange={onChange} />);
    expect(screen.getByText('未签名')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /签\s*名/ }));
    await screen.findByTestId('signature-pad');

    // empty pad: 确定 uploads nothing and answers nothing
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await new Promise((r) => setTimeout(r, 50));
    expect(sent).toEqual([]);
    expect(onChange).not.toHaveBeenCalled();

    // a stroke: 确定 saves it
    strokes = [{ points: [{ x: 1, y: 1 }] }];
    endStroke();
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await vi.waitFor(() => expect(onChange).toHaveBeenCalledWith([77]), { timeout: 10_000 });
    expect(sent).toEqual([{ data: 'data:image/png;base64,iVBORw0KGgo=', name: '签名.png' }]);
    // the copy is the ink's box (margin 8 CSS px at ratio 1), not the whole pad
    expect(drawn).toEqual([2, 0, 26, 18, 0, 0, 26, 18]);

    // a stored signature shows as its image; 清除 answers null
    view.rerender(<SignatureField value={[77]} onChange={onChange} files={new Map([[77, { name: '签名.png', url: '/api/upload/file/77' }]])} />);
    expect(screen.getByTestId('signature-image').getAttribute('src')).toContain('/api/upload/file/77');
    fireEvent.click(within(view.container).getByRole('button', { name: /清\s*除/ }));
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('撤销 takes back the last stroke and 清除 all of them on the pad', async () => {
    renderWithApp(<SignatureField value={null} onChange={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: /签\s*名/ }));
    await screen.findByTestId('signature-pad');
    const undo = () => screen.getByRole('button', { name: /撤\s*销/ });
    const clear = () => screen.getByRole('button', { name: /清\s*除/ });
    expect(undo().hasAttribute('disabled')).toBe(true);
    strokes = [{ points: [{ x: 1, y: 1 }] }, { points: [{ x: 2, y: 2 }] }];
    endStroke();
    fireEvent.click(undo());
    expect(strokes).toEqual([{ points: [{ x: 1, y: 1 }] }]);
    fireEvent.click(clear());
    expect(strokes).toEqual([]);
    expect(undo().hasAttribute('disabled')).toBe(true);
    expect(clear().hasAttribute('disabled')).toBe(true);
  });
});
