import { ClearOutlined, EditOutlined, UndoOutlined } from '@ant-design/icons';
import { filesContract } from '@sk/shared/files/files.contract';
import { Button, Grid, Modal, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import SignaturePadLib, { type PointGroup } from 'signature_pad';
import { call } from '../../../lib/api';
import { Img } from '../../../lib/Img';
import { toast } from '../../toast';
import { fileOf, rememberFile } from './files';

const PAD_WIDTH = 520;
const PAD_HEIGHT = 220;
/** On a phone the pad is about as wide as a thumb's reach: make it taller so a name fits in strokes a finger can make. */
const PHONE_PAD_HEIGHT = 400;
/** Blank margin (CSS pixels) kept around the ink when the image is trimmed. */
const TRIM_MARGIN = 8;

/**
 * The ink's box within the canvas (device pixels, with `margin` around it), or null when nothing is drawn: the saved
 * image is the signature itself, not the pad's empty space, so the service report can show it at full size.
 */
export function inkBox(data: Uint8ClampedArray, width: number, height: number, margin: number): { x: number; y: number; w: number; h: number } | null {
  let [top, left, right, bottom] = [height, width, -1, -1];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if ((data[(y * width + x) * 4 + 3] ?? 0) === 0) continue;
      if (y < top) top = y;
      if (y > bottom) bottom = y;
      if (x < left) left = x;
      if (x > right) right = x;
    }
  }
  if (right < 0) return null;
  const x = Math.max(0, left - margin);
  const y = Math.max(0, top - margin);
  return { x, y, w: Math.min(width, right + 1 + margin) - x, h: Math.min(height, bottom + 1 + margin) - y };
}

/** The canvas's ink cut out as a PNG data URL (transparent around the strokes), or null when nothing is drawn. */
function trimmedPng(c: HTMLCanvasElement, ratio: number): string | null {
  const ctx = c.getContext('2d');
  if (!ctx || c.width === 0 || c.height === 0) return null;
  const box = inkBox(ctx.getImageData(0, 0, c.width, c.height).data, c.width, c.height, Math.round(TRIM_MARGIN * ratio));
  if (!box) return null;
  const out = document.createElement('canvas');
  out.width = box.w;
  out.height = box.h;
  out.getContext('2d')?.drawImage(c, box.x, box.y, box.w, box.h, 0, 0, box.w, box.h);
  return out.toDataURL('image/png');
}

/** The strokes scaled by a factor: the pad keeps the drawing when its width changes (a phone turned, a window resized). */
const scaled = (strokes: PointGroup[], k: number): PointGroup[] =>
  k === 1 ? strokes : strokes.map((g) => ({ ...g, points: g.points.map((p) => ({ ...p, x: p.x * k, y: p.y * k })) }));

/**
 * Makes the library's pad on a canvas. An object so a unit test can put a pad of its own in (jsdom draws nothing, and the
 * web tests share loaded modules between files, so mocking the import does not reach a module another file loaded first).
 */
export const padMaker = {
  make: (canvas: HTMLCanvasElement): SignaturePadLib =>
    new SignaturePadLib(canvas, { penColor: '#1f1f1f', minWidth: 1, maxWidth: 3.5, backgroundColor: 'rgba(0,0,0,0)' }),
};

/**
 * A pad to sign on with mouse, pen or finger (signature_pad: strokes whose width follows the speed, drawn at the
 * screen's pixel density); 撤销 takes back the last stroke, 清除 all of them. Answers a PNG data URL trimmed to the
 * ink, or null while nothing is drawn. Also the customer portal's signature when a quotation is accepted
 * (features/portal) and the offline completion's (features/orders/offline).
 */
export function SignaturePad({
  onReady,
  height: padHeight = PAD_HEIGHT,
}: {
  onReady: (read: () => string | null, clear: () => void) => void;
  height?: number;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePadLib | null>(null);
  const [strokes, setStrokes] = useState(0);

  useEffect(() => {
    const c = canvas.current;
    // No 2D context (a test's DOM): nothing can be drawn, so nothing is read.
    if (!c?.getContext('2d'))
      return void onReady(
        () => null,
        () => undefined,
      );
    const p = padMaker.make(c);
    pad.current = p;
    const ratio = () => Math.max(window.devicePixelRatio || 1, 1);
    let cssWidth = 0;
    // The backing store follows the element's size times the pixel ratio; the strokes are redrawn, scaled to the new width.
    const fit = () => {
      const [w, h, r] = [c.offsetWidth, c.offsetHeight, ratio()];
      if (w === 0 || h === 0) return;
      if (c.width === Math.round(w * r) && c.height === Math.round(h * r)) return;
      const kept = p.toData();
      c.width = Math.round(w * r);
      c.height = Math.round(h * r);
      c.getContext('2d')?.scale(r, r);
      p.clear();
      if (kept.length) p.fromData(scaled(kept, cssWidth ? w / cssWidth : 1));
      cssWidth = w;
    };
    fit();
    const seen = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(fit);
    seen?.observe(c);
    window.addEventListener('resize', fit);
    const counted = () => setStrokes(p.toData().length);
    p.addEventListener('endStroke', counted);
    onReady(
      () => (p.isEmpty() ? null : trimmedPng(c, ratio())),
      () => {
        p.clear();
        counted();
      },
    );
    return () => {
      seen?.disconnect();
      window.removeEventListener('resize', fit);
      p.removeEventListener('endStroke', counted);
      p.off();
      pad.current = null;
    };
  }, [onReady]);

  const undo = () => {
    const p = pad.current;
    if (!p) return;
    const left = p.toData().slice(0, -1);
    p.clear();
    p.fromData(left);
    setStrokes(left.length);
  };
  const clear = () => {
    pad.current?.clear();
    setStrokes(0);
  };

  return (
    <div style={{ maxWidth: PAD_WIDTH }}>
      <canvas
        ref={canvas}
        data-testid="signature-pad"
        aria-label="签名板"
        style={{
          display: 'block',
          width: '100%',
          aspectRatio: `${PAD_WIDTH} / ${padHeight}`,
          border: '1px dashed #bfbfbf',
          borderRadius: 6,
          touchAction: 'none',
          background: '#fff',
        }}
      />
      <Space size={4} style={{ marginTop: 4 }}>
        <Button size="small" icon={<UndoOutlined />} disabled={strokes === 0} onClick={undo}>
          撤销
        </Button>
        <Button size="small" icon={<ClearOutlined />} disabled={strokes === 0} onClick={clear}>
          清除
        </Button>
      </Space>
    </div>
  );
}

export interface SignatureFieldProps {
  value: unknown;
  onChange: (ids: number[] | null) => void;
  disabled?: boolean;
  files?: Map<number, { name?: string; url?: string }>;
  id?: string;
}

/** A signature (21): drawn on a pad, saved as an image through POST /upload/save/str, kept as its file id. */
export function SignatureField({ value, onChange, disabled, files, id }: SignatureFieldProps) {
  const ids = Array.isArray(value) ? (value as number[]) : [];
  const current = ids[0] !== undefined ? fileOf(ids[0], files) : null;
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const phone = !Grid.useBreakpoint().md;
  const pad = useRef<{ read: () => string | null; clear: () => void } | null>(null);
  const ready = useRef((read: () => string | null, clear: () => void) => {
    pad.current = { read, clear };
  }).current;

  const save = async () => {
    const data = pad.current?.read();
    if (!data) return void toast.warning('请先签名');
    setSaving(true);
    try {
      const f = await call(filesContract.uploadSaveStr, { data, name: '签名.png' });
      rememberFile(f);
      onChange([f.id]);
      setOpen(false);
    } catch {
      // the request client has shown why
    } finally {
      setSaving(false);
    }
  };

  return (
    <Space id={id} align="center" wrap>
      {current ? (
        <Img
          src={current.url}
          alt="签名"
          data-testid="signature-image"
          style={{ height: 64, border: '1px solid #f0f0f0', borderRadius: 4, background: '#fff' }}
        />
      ) : (
        <Typography.Text type="secondary">未签名</Typography.Text>
      )}
      {disabled ? null : (
        <>
          <Button icon={<EditOutlined />} onClick={() => setOpen(true)}>
            {current ? '重新签名' : '签名'}
          </Button>
          {current ? (
            <Button type="link" onClick={() => onChange(null)}>
              清除
            </Button>
          ) : null}
        </>
      )}
      <Modal
        open={open}
        title="签名"
        destroyOnHidden
        maskClosable={false}
        width={580}
        onCancel={() => setOpen(false)}
        footer={
          <Space>
            <Button onClick={() => setOpen(false)}>取消</Button>
            <Button type="primary" loading={saving} onClick={save}>
              确定
            </Button>
          </Space>
        }
      >
        <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
          请在框内签名
        </Typography.Paragraph>
        <SignaturePad onReady={ready} height={phone ? PHONE_PAD_HEIGHT : PAD_HEIGHT} />
      </Modal>
    </Space>
  );
}
