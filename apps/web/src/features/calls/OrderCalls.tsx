// An order's calls (taken from a call's pop or linked to it there): when, the number, and the recording to play.
import { CALL_DIRECTIONS } from '@sk/shared/calls/calls.constants';
import { Space, Typography } from 'antd';
import { useApi } from '../../lib/query';
import { CC, durationText } from './api';

/** The order detail's 来电记录 line: nothing when the order has no call. */
export function OrderCalls({ orderId }: { orderId: number }) {
  const calls = useApi(CC.ofOrder, { orderId }, { call: { silent: true } });
  const list = calls.data ?? [];
  if (!list.length) return null;
  return (
    <div style={{ marginTop: 8 }} data-testid="order-calls">
      <Typography.Text type="secondary">来电记录：</Typography.Text>
      <Space orientation="vertical" size={2}>
        {list.map((c) => (
          <Space key={c.id} wrap size={8}>
            <span>
              {c.startTime.slice(0, 16)} {CALL_DIRECTIONS[c.direction as 1 | 2]} {c.number}
              {c.duration > 0 ? ` · ${durationText(c.duration)}` : ''}
              {c.userName ? ` · ${c.userName}` : ''}
            </span>
            {c.recordingUrl ? (
              <a href={c.recordingUrl} target="_blank" rel="noreferrer">
                通话录音
              </a>
            ) : (
              <Typography.Text type="secondary">无录音</Typography.Text>
            )}
          </Space>
        ))}
      </Space>
    </div>
  );
}
