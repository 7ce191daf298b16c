// Small pieces the schedule pages share: the load tag, a day's slots and visits.
import { LOAD_COLORS, LOAD_LABELS } from '@sk/shared/schedule/schedule.constants';
import type { EngineerRow, LoadLevel } from '@sk/shared/schedule/schedule.contract';
import { Space, Tag, Tooltip } from 'antd';
import type { KeyboardEvent } from 'react';
import { Link } from 'react-router';

type Day = EngineerRow['days'][number];

/**
 * A draggable card's keys: dnd-kit's own (space lifts it, arrows move it), and Enter picks it as a tap does, for the
 * tap-then-tap booking.
 */
export const pickOnEnter =
  (listeners: { onKeyDown?: (e: KeyboardEvent) => void } | undefined, onPick: () => void) =>
  (e: KeyboardEvent): void => {
    listeners?.onKeyDown?.(e);
    if (e.key !== 'Enter') return;
    e.preventDefault();
    onPick();
  };

export function LoadTag({ load }: { load: { minutes: number; capacity: number; level: LoadLevel } }) {
  const pct = load.capacity > 0 ? Math.round((load.minutes / load.capacity) * 100) : 0;
  return (
    <Tooltip title={`已约 ${load.minutes} 分钟 / 可用 ${load.capacity} 分钟`}>
      <Tag color={LOAD_COLORS[load.level]} data-testid="load-tag" data-level={load.level}>
        {LOAD_LABELS[load.level]} {pct}%
      </Tag>
    </Tooltip>
  );
}

export function DayCell({ day }: { day: Day }) {
  return (
    <Space direction="vertical" size={2} style={{ width: '100%' }}>
      <Space size={2} wrap>
        {day.slots.map((s) => (
          <Tooltip key={s.name} title={`${s.start}–${s.end}`}>
            <Tag color={s.busy ? 'orange' : 'green'} style={{ marginInlineEnd: 0 }}>
              {s.name}
              {s.busy ? '忙' : '闲'}
            </Tag>
          </Tooltip>
        ))}
      </Space>
      {day.visits.map((v) => (
        <Link key={v.orderId} to={`/allOrder/orderDetail/${v.orderId}`} style={{ fontSize: 12 }}>
          {v.start.slice(11, 16)} {v.title}
        </Link>
      ))}
    </Space>
  );
}
