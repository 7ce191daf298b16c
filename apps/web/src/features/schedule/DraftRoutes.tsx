// 地图派单 with ?draft=ID (the board's 在地图上查看): each engineer's proposed day as a coloured line through numbered stops.
import { PROPOSAL_STATE } from '@sk/shared/planning/planning.constants';
import { type Draft, planningContract as P } from '@sk/shared/planning/planning.contract';
import { Space, Tag, Typography } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useApi } from '../../lib/query';
import type { DraftRoute } from './OrdersMap';

const COLOURS = ['#722ed1', '#13c2c2', '#eb2f96', '#fa8c16', '#52c41a', '#2f54eb', '#a0d911', '#f5222d'];

/** The routes of a draft: per engineer, his proposals still standing (建议 or 已接受) with a position, by start. */
export function draftRoutes(d: Draft): DraftRoute[] {
  return d.engineers.flatMap((e, i) => {
    const stops = d.proposals
      .filter((p) => p.userId === e.userId && p.state !== PROPOSAL_STATE.removed && p.latitude != null && p.longitude != null)
      .sort((a, b) => a.start.localeCompare(b.start))
      .map((p, n) => ({
        orderId: p.orderId,
        n: n + 1,
        latitude: p.latitude as number,
        longitude: p.longitude as number,
        label: `${n + 1}. ${p.start.slice(11, 16)} ${p.title}（${e.name}）${p.state === PROPOSAL_STATE.accepted ? ' 已接受' : ''}`,
      }));
    const start: [number, number] | null = e.start ? [e.start.latitude, e.start.longitude] : null;
    return stops.length ? [{ userId: e.userId, name: e.name, colour: COLOURS[i % COLOURS.length] as string, start, stops }] : [];
  });
}

export function useDraftRoutes(on: boolean): { routes: DraftRoute[] | undefined; legend: ReactNode } {
  const [params] = useSearchParams();
  const id = on ? Number(params.get('draft')) || 0 : 0;
  const read = useApi(P.draft, { id }, { enabled: id > 0 });
  // The same array while the answer stays: the map redraws its layers when it changes.
  const routes = useMemo(() => (read.data ? draftRoutes(read.data) : undefined), [read.data]);
  if (!id || !read.data || !routes) return { routes: undefined, legend: null };
  return {
    routes,
    legend: (
      <Space wrap size={4} data-testid="draft-map-legend">
        <Typography.Text strong>排班草稿 {read.data.date}</Typography.Text>
        {routes.map((r) => (
          <Tag key={r.userId} color={r.colour}>
            {r.name} {r.stops.length} 单
          </Tag>
        ))}
        <Link to={`/schedule/board?draft=${id}`}>返回调度看板</Link>
      </Space>
    ),
  };
}
