import { EditOutlined } from '@ant-design/icons';
import { filesContract } from '@sk/shared/files/files.contract';
import { Button, Grid, Modal, Space, Typography } from 'antd';
import { type PointerEvent, useEffect, useRef, useState } from 'react';
import { call } from '../../../lib/api';
import { Img } from '../../../lib/Img';
import { toast } from '../../toast';
import { fileOf, rememberFile } from './files';

const PAD_WIDTH = 520;
const PAD_HEIGHT = 220;
/** On a phone the pad is about as wide as a thumb's reach: make it taller so a name fits in strokes a finger can make. */
const PHONE_PAD_HEIGHT = 400;

/** A canvas to sign on with mouse, pen or finger; answers a PNG data URL, or null while nothing is drawn. */
/** Also the customer portal's signature when a quotation is accepted (features/portal). */
export function SignaturePad({
  onReady,
  height: padHeight = PAD_HEIGHT,
}: {
  onReady: (read: () => string | null, clear: () => void) => void;
  height?: number;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const drawn = useRef(false);

  useEffect(() => {
    const c = canvas.current;
    const ctx = c?.getContext('2d');
    if (ctx) {
      ctx.lineWidth = 2.5;
      ctx.lineCap = 'round';
      ctx.lineJoin = 'round';
      ctx.strokeStyle = '#1f1f1f';
    }
    onReady(
      () => (drawn.current && c ? c.toDataURL('image/png') : null),
      () => {
        drawn.current = false;
        ctx?.clearRect(0, 0, PAD_WIDTH, padHeight);
      },
    );
  }, [onReady, padHeight]);

  const point = (e: PointerEvent<HTMLCanvasElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    return { x: ((e.clientX - r.left) * PAD_WIDTH) / (r.width || PAD_WIDTH), y: ((e.clientY - r.top) * padHeight) / (r.height || padHeight) };
  };
  const ctx = () => canvas.current?.getContext('2d') ?? null;

  return (
    <canvas
      ref={canvas}
      width={PAD_WIDTH}
      height={padHeight}
      data-testid="signature-pad"
      aria-label="签名板"
      style={{
        width: '100%',
        maxWidth: PAD_WIDTH,
        aspectRatio: `${PAD_WIDTH} / ${padHeight}`,
        border: '1px dashed #bfbfbf',
        borderRadius: 6,
        touchAction: 'none',
        background: '#fff',
      }}
      onPointerDown={(e) => {
        drawing.current = true;
        e.currentTarget.setPointerCapture?.(e.pointerId);
        const p = point(e);
        ctx()?.beginPath();
        ctx()?.moveTo(p.x, p.y);
      }}
      onPointerMove={(e) => {
        if (!drawing.current) return;
        const p = point(e);
        ctx()?.lineTo(p.x, p.y);
        ctx()?.stroke();
        drawn.current = true;
      }}
      onPointerUp={() => {
        drawing.current = false;
      }}
      onPointerLeave={() => {
        drawing.current = false;
      }}
    />
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
            <Button onClick={() => pad.current?.clear()}>清除</Button>
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
