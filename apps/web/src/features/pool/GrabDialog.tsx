// 抢单 with a time: the customer's requested time when the engineer is free then, else one of his free visit times
// (his schedule within the business calendar's working hours), or any later time he picks. The server checks the
// chosen time again in the grab's own transaction (a clash or a past time is refused there).
import type { PoolRow } from '@sk/shared/pool/pool.contract';
import { Alert, Empty, Modal, Radio, Space, Spin, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { AppointmentPicker } from '../../components/AppointmentPicker';
import { useApi } from '../../lib/query';
import { poolContract } from './api';

const REQUESTED = 'requested';
const CUSTOM = 'custom';

/** '2030-03-04' → '03/04 周一'. */
const dayText = (d: string): string => `${d.slice(5).replace('-', '/')} ${['周日', '周一', '周二', '周三', '周四', '周五', '周六'][dayjs(d).day()]}`;

export function GrabDialog({ row, onClose, onGrab }: { row: PoolRow; onClose: () => void; onGrab: (bespokeTime?: string) => Promise<void> }) {
  const slots = useApi(poolContract.freeSlots, { orderId: row.id, days: 7 });
  const [choice, setChoice] = useState<string | undefined>();
  const [custom, setCustom] = useState<Dayjs | null>(null);
  const [busy, setBusy] = useState(false);
  const data = slots.data;
  const requestedOk = data?.requested != null && data.requestedFree;
  // The default: the requested time when free (or no time when none was requested), else the first free time.
  const first = data?.days[0] ? `${data.days[0].date} ${data.days[0].times[0]}` : undefined;
  const picked = choice ?? (data && (data.requested == null || data.requestedFree) ? REQUESTED : first);
  const timeOf = (): string | undefined | null => {
    if (picked === REQUESTED) return undefined;
    if (picked === CUSTOM) return custom ? custom.format('YYYY-MM-DD HH:mm') : null;
    return picked;
  };
  const submit = async () => {
    const at = timeOf();
    if (at === null) return;
    setBusy(true);
    try {
      await onGrab(at);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={`抢单：${row.title}`}
      okText="确认抢单"
      cancelText="取消"
      confirmLoading={busy}
      okButtonProps={{ disabled: !picked || (picked === CUSTOM && !custom) }}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
    >
      {slots.isLoading ? (
        <Spin />
      ) : data ? (
        <Space direction="vertical" style={{ width: '100%' }}>
          {data.requested && !data.requestedFree ? <Alert type="warning" showIcon title={data.clash} description="请选择下面的空闲时间预约上门。" /> : null}
          <Radio.Group value={picked} onChange={(e) => setChoice(e.target.value)} style={{ width: '100%' }}>
            <Space direction="vertical" style={{ width: '100%' }}>
              {requestedOk ? (
                <Radio value={REQUESTED} data-testid="grab-requested">
                  按客户预约时间：{data.requested}
                </Radio>
              ) : null}
              {data.requested == null ? <Radio value={REQUESTED}>暂不预约，稍后与客户约定</Radio> : null}
              <Typography.Text type="secondary">我的空闲时间（工作时间内）</Typography.Text>
              {data.days.length === 0 ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="近7天没有空闲时间" /> : null}
              {data.days.map((d) => (
                <div key={d.date} data-testid={`free-day-${d.date}`}>
                  <Typography.Text style={{ display: 'inline-block', width: 90 }}>{dayText(d.date)}</Typography.Text>
                  <Radio.Group value={picked} onChange={(e) => setChoice(e.target.value)} size="small" optionType="button">
                    {d.times.map((t) => (
                      <Radio.Button key={t} value={`${d.date} ${t}`}>
                        {t}
                      </Radio.Button>
                    ))}
                  </Radio.Group>
                </div>
              ))}
              <Radio value={CUSTOM}>
                其他时间：
                <AppointmentPicker
                  style={{ width: 'auto' }}
                  value={custom}
                  onChange={(v) => {
                    setCustom(v);
                    setChoice(CUSTOM);
                  }}
                  placeholder="选择预约时间"
                  aria-label="其他预约时间"
                />
              </Radio>
            </Space>
          </Radio.Group>
        </Space>
      ) : null}
    </Modal>
  );
}
