import { EnvironmentOutlined } from '@ant-design/icons';
import { DEFAULT_MAP_TILE_URL } from '@sk/shared/settings/settings.catalogue';
import { settingsContract } from '@sk/shared/settings/settings.contract';
import { Alert, Button, Input, InputNumber, Modal, Space, Spin, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useApi } from '../../../lib/query';

const LeafletMap = lazy(() => import('./LeafletMap'));

export interface Position {
  address: string;
  lng: number;
  lat: number;
}

/** The map's height, kept by the dialog while the map loads or after its tiles failed. */
const MAP_HEIGHT = 320;

const DEFAULT_CENTER: [number, number] = [39.90923, 116.397428];

/** A stored position value (object, or the 'address,lng,lat' text) as an object; null when unreadable. */
export function asPosition(v: unknown): Position | null {
  if (v && typeof v === 'object' && !Array.isArray(v)) {
    const o = v as Partial<Position>;
    const lng = Number(o.lng);
    const lat = Number(o.lat);
    return Number.isFinite(lng) && Number.isFinite(lat) ? { address: String(o.address ?? ''), lng, lat } : null;
  }
  if (typeof v === 'string') {
    const parts = v.split(',');
    if (parts.length < 3) return null;
    return asPosition({ address: parts.slice(0, -2).join(','), lng: parts[parts.length - 2], lat: parts[parts.length - 1] });
  }
  return null;
}

/** 'lng,lat' from the map_default_center setting as Leaflet's [lat, lng]. */
function centerOf(setting: string | undefined): [number, number] {
  const [lng, lat] = (setting ?? '').split(',').map(Number);
  return Number.isFinite(lng) && Number.isFinite(lat) && setting ? [lat as number, lng as number] : DEFAULT_CENTER;
}

function PositionDialog({ value, onOk, onCancel }: { value: Position | null; onOk: (p: Position) => void; onCancel: () => void }) {
  const tiles = useApi(settingsContract.getByCode, { code: 'map_tile_url' }, { call: { silent: true } });
  const center = useApi(settingsContract.getByCode, { code: 'map_default_center' }, { call: { silent: true } });
  const [draft, setDraft] = useState<{ address: string; lng: number | null; lat: number | null }>(value ?? { address: '', lng: null, lat: null });
  const [tileFailed, setTileFailed] = useState(false);
  const point: [number, number] | null = draft.lat !== null && draft.lng !== null ? [draft.lat, draft.lng] : null;
  const tileUrl = tiles.data?.value || DEFAULT_MAP_TILE_URL;
  const ready = !tiles.isPending && !center.isPending;
  const complete = draft.lng !== null && draft.lat !== null;
  const round = (n: number) => Math.round(n * 1e6) / 1e6;

  return (
    <Modal
      open
      title="选择位置"
      width={640}
      destroyOnHidden
      onCancel={onCancel}
      okText="确定"
      cancelText="取消"
      okButtonProps={{ disabled: !complete }}
      onOk={() => complete && onOk({ address: draft.address.trim(), lng: draft.lng as number, lat: draft.lat as number })}
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Typography.Text type="secondary">在地图上点击选择位置，或直接输入经纬度</Typography.Text>
        {/* One height whatever the map's state: the dialog's buttons do not move while it loads or when its tiles fail. */}
        <div style={{ height: MAP_HEIGHT, display: 'grid', alignItems: 'center', justifyItems: 'center', borderRadius: 6, background: '#f5f5f5' }}>
          {tileFailed ? (
            <Alert type="warning" showIcon title="地图加载失败，请直接输入经纬度" />
          ) : ready ? (
            <Suspense fallback={<Spin />}>
              <LeafletMap
                tileUrl={tileUrl}
                center={centerOf(center.data?.value)}
                point={point}
                onPick={(lat, lng) => setDraft((d) => ({ ...d, lat: round(lat), lng: round(lng) }))}
                onTileError={() => setTileFailed(true)}
              />
            </Suspense>
          ) : (
            <Spin />
          )}
        </div>
        <Input
          aria-label="位置地址"
          placeholder="地址（可选）"
          value={draft.address}
          maxLength={200}
          onChange={(e) => {
            const address = e.target.value;
            setDraft((d) => ({ ...d, address }));
          }}
        />
        <Space wrap>
          <InputNumber
            aria-label="经度"
            placeholder="经度"
            min={-180}
            max={180}
            precision={6}
            style={{ width: 180 }}
            value={draft.lng}
            onChange={(v) => setDraft((d) => ({ ...d, lng: v ?? null }))}
          />
          <InputNumber
            aria-label="纬度"
            placeholder="纬度"
            min={-90}
            max={90}
            precision={6}
            style={{ width: 180 }}
            value={draft.lat}
            onChange={(v) => setDraft((d) => ({ ...d, lat: v ?? null }))}
          />
        </Space>
      </Space>
    </Modal>
  );
}

export interface PositionFieldProps {
  value: unknown;
  onChange: (v: Position | null) => void;
  disabled?: boolean;
  id?: string;
}

/** A position (11): a point picked on a Leaflet map (tiles from the map_tile_url setting) or typed as coordinates. */
export function PositionField({ value, onChange, disabled, id }: PositionFieldProps) {
  const p = asPosition(value);
  const [open, setOpen] = useState(false);
  return (
    <Space id={id} wrap>
      {p ? (
        <Typography.Text>
          {p.address ? `${p.address} ` : ''}
          <Typography.Text type="secondary">
            ({p.lng}, {p.lat})
          </Typography.Text>
        </Typography.Text>
      ) : (
        <Typography.Text type="secondary">未选择位置</Typography.Text>
      )}
      {disabled ? null : (
        <>
          <Button icon={<EnvironmentOutlined />} onClick={() => setOpen(true)}>
            选择位置
          </Button>
          {p ? (
            <Button type="link" onClick={() => onChange(null)}>
              清除
            </Button>
          ) : null}
        </>
      )}
      {open ? (
        <PositionDialog
          value={p}
          onCancel={() => setOpen(false)}
          onOk={(next) => {
            onChange(next);
            setOpen(false);
          }}
        />
      ) : null}
    </Space>
  );
}
