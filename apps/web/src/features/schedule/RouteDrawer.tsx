// An engineer's day in travel order (the board's 路线, docs/planning.md "An engineer's day"): the dispatch assistant's
// proposed order with each stop's arrival, window and leg, the saving, the route on a map, and 应用此顺序, which moves
// the visits to their new times in one go (the versions shown) and tells the engineer and, where set, the customers.
import { type DayAnswer, planningContract } from '@sk/shared/planning/planning.contract';
import { navUrl } from '@sk/shared/schedule/schedule.constants';
import type { EngineerRow } from '@sk/shared/schedule/schedule.contract';
import { DEFAULT_MAP_TILE_URL } from '@sk/shared/settings/settings.catalogue';
import { settingsContract } from '@sk/shared/settings/settings.contract';
import { Alert, App, Button, Collapse, Drawer, Empty, Space, Spin, Tag, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { ApiError, call } from '../../lib/api';
import { usePhone } from '../../lib/phone';
import { useApi } from '../../lib/query';

const DayRouteMap = lazy(() => import('./DayRouteMap'));

type Stop = DayAnswer['proposed']['stops'][number];

/** A piece of a stop's line that wraps as a whole. */
const NOWRAP = { whiteSpace: 'nowrap' } as const;

const legText = (l: { km: number; minutes: number }) => `${l.km} km / ${l.minutes} 分钟`;

/** What 应用此顺序 did, in a sentence: the visits moved, the engineer told, the customers texted. */
const appliedText = (r: { moved: number; notified: number }, name: string): string =>
  r.moved === 0 ? '上门时间没有变化' : `已调整 ${r.moved} 个上门时间，已通知${name}；${r.notified ? `已短信告知 ${r.notified} 位客户` : '未短信告知客户'}`;

function StopRow({ n, s, was }: { n: number; s: Stop; was: string | undefined }) {
  const moved = was !== undefined && was !== s.start;
  return (
    <li data-testid={`day-stop-${s.orderId}`} style={{ display: 'flex', gap: 8, padding: '8px 0', borderBottom: '1px solid #f0f0f0' }}>
      <span
        aria-hidden
        style={{
          flex: 'none',
          width: 22,
          height: 22,
          borderRadius: '50%',
          background: '#1668dc',
          color: '#fff',
          fontSize: 12,
          fontWeight: 600,
          display: 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
        }}
      >
        {n}
      </span>
      <div style={{ flex: 1, minWidth: 0 }}>
        <Space size={4} wrap style={{ justifyContent: 'space-between', width: '100%' }}>
          <Typography.Text strong>
            {s.title}（{s.orderNo}）
          </Typography.Text>
          <a href={navUrl(s.latitude, s.longitude, s.address ?? s.title)} target="_blank" rel="noreferrer">
            导航
          </a>
        </Space>
        <div>
          <Typography.Text style={NOWRAP}>到达 {s.arrive}</Typography.Text>
          <Typography.Text type="secondary" style={NOWRAP}>
            {' '}
            · 上门 {s.start}–{s.end}
          </Typography.Text>
          {s.window && (
            <Typography.Text type="secondary" style={NOWRAP}>
              {' '}
              · 时间窗 {s.window}
            </Typography.Text>
          )}
          {moved && (
            <Tag color="orange" variant="filled" style={{ marginInlineStart: 6 }}>
              原 {was}
            </Tag>
          )}
        </div>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {n === 1 ? '出发' : '距上一站'} {legText(s.leg)}
          {s.address ? ` · ${s.address}` : ''}
        </Typography.Text>
      </div>
    </li>
  );
}

function CurrentList({ stops }: { stops: Stop[] }) {
  return (
    <ol style={{ margin: 0, paddingInlineStart: 20 }} data-testid="day-current">
      {stops.map((s) => (
        <li key={s.orderId}>
          {s.start} {s.title}（{s.orderNo}）
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {' '}
            · {legText(s.leg)}
          </Typography.Text>
        </li>
      ))}
    </ol>
  );
}

function DayRoute({ d, phone }: { d: DayAnswer; phone: boolean }) {
  const tiles = useApi(settingsContract.getByCode, { code: 'map_tile_url' }, { call: { silent: true } });
  const [tileFailed, setTileFailed] = useState(false);
  const was = new Map(d.current.stops.map((s) => [s.orderId, s.start]));
  // Nothing better: the day as booked (the answer's proposal may still pack the same order earlier in the windows).
  const shown = d.changed ? d.proposed.stops : d.current.stops;
  const located = shown.length > 0;
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="day-route">
      {d.changed ? (
        <Alert
          type="success"
          showIcon
          data-testid="day-saving"
          title={`节省 ${legText(d.saving)}`}
          description={`建议顺序共 ${legText(d.proposed)}，当前顺序 ${legText(d.current)}`}
        />
      ) : (
        <Alert type="info" showIcon data-testid="day-saving" title={d.note ?? '当前顺序已是最短路线'} />
      )}
      {located && (
        <div style={{ height: phone ? 240 : 300, position: 'relative' }}>
          {!tiles.isPending && (
            <Suspense fallback={<Spin style={{ display: 'block', margin: 48 }} />}>
              <DayRouteMap
                tileUrl={tiles.data?.value || DEFAULT_MAP_TILE_URL}
                start={d.start}
                proposed={shown}
                current={d.changed ? d.current.stops : null}
                onTileError={() => setTileFailed(true)}
              />
            </Suspense>
          )}
          {tileFailed && (
            <div style={{ position: 'absolute', left: 8, right: 8, bottom: 8, zIndex: 1001, pointerEvents: 'none' }}>
              <Alert type="warning" showIcon title="地图瓦片加载失败，可在系统设置“地图瓦片地址”中更换" />
            </div>
          )}
        </div>
      )}
      {located && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {d.start ? `从${d.start.label}出发。` : ''}
          {d.changed ? '蓝线为建议路线，灰色虚线为当前顺序。' : ''}
          {d.travel.estimate ? `路程为估算：${d.travel.label}` : `路程：${d.travel.label}`}
        </Typography.Text>
      )}
      {located ? (
        <section aria-label={d.changed ? '建议顺序' : '当前顺序'}>
          <Typography.Text strong>{d.changed ? '建议顺序' : '当前顺序'}</Typography.Text>
          <ol style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {shown.map((s, i) => (
              <StopRow key={s.orderId} n={i + 1} s={s} was={d.changed ? was.get(s.orderId) : undefined} />
            ))}
          </ol>
        </section>
      ) : (
        <Empty description="当天没有带坐标的上门工单" />
      )}
      {d.changed && (
        <Collapse
          size="small"
          items={[
            { key: 'current', label: `当前顺序（${d.current.stops.length} 站，${legText(d.current)}）`, children: <CurrentList stops={d.current.stops} /> },
          ]}
        />
      )}
      {d.unlocated.length > 0 && (
        <Alert
          type="warning"
          showIcon
          title="未定位的上门（时间不变，不在路线中）"
          description={d.unlocated.map((u) => `${u.start.slice(11, 16)} ${u.title}（${u.orderNo}）`).join('；')}
        />
      )}
    </Space>
  );
}

export function RouteDrawer({ engineer, date, onClose }: { engineer: EngineerRow | null; date: string; onClose: () => void }) {
  const phone = usePhone();
  const { message } = App.useApp();
  const day = useApi(planningContract.day, { userId: engineer?.userId ?? 0, date }, { enabled: !!engineer, call: { silent: true } });
  const [applying, setApplying] = useState(false);
  const d = day.data;
  const apply = async () => {
    if (!d || !engineer) return;
    setApplying(true);
    try {
      const stops = d.proposed.stops.map((s) => ({ orderId: s.orderId, start: s.start, version: s.version }));
      // A success makes the board's reads and this day stale (staleAfter in ./api).
      const r = await call(planningContract.applyDay, { userId: engineer.userId, date, stops }, { silent: true });
      message.success(appliedText(r, d.name));
    } catch (e) {
      await day.refetch();
      if (e instanceof ApiError && e.code === 'STATE_CHANGED') message.warning('数据已变更：有上门刚被调整，已按最新安排重新计算路线，请确认后再应用');
      else message.error(e instanceof Error ? e.message : String(e));
    } finally {
      setApplying(false);
    }
  };
  return (
    <Drawer
      open={!!engineer}
      onClose={onClose}
      title={`${engineer?.name ?? ''} ${date} 路线`}
      size={phone ? '100%' : 560}
      destroyOnHidden
      loading={day.isPending && !!engineer}
      footer={
        d?.changed ? (
          <Space wrap>
            <Button type="primary" loading={applying} onClick={() => void apply()}>
              应用此顺序
            </Button>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              按建议顺序调整上门时间，并通知服务人员
            </Typography.Text>
          </Space>
        ) : null
      }
    >
      {d && <DayRoute d={d} phone={phone} />}
      {day.isError && <Alert type="error" showIcon title={day.error.message} />}
    </Drawer>
  );
}
