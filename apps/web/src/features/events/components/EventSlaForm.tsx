// The event SLA of one event template (/eventSet/processevent): a clock per overdue type 1–5 with its
// target and warning, on calendar time or business hours (GET/PUT /v2/eventTemp/sla; free plan: locked).
import { EVENT_SLA_TYPE_IDS, type EventSlaSetting, eventSlaContract as E, eventSlaTypeName } from '@sk/shared/events/event.sla';
import { SLA_UNITS } from '@sk/shared/sla/sla.constants';
import { Alert, Button, Card, Checkbox, Form, InputNumber, Select, Space, Spin, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { call } from '../../../lib/api';
import { invalidate, useApi } from '../../../lib/query';
import { rulesOf } from '../../../lib/zodRules';

/** A clock's 时限 (eventSlaSetting's clocks), asked only for a checked row. */
const TARGET = E.saveSla.body.shape.clocks.element.shape.target;

interface ClockRow {
  on: boolean;
  target: number;
  unit: number;
  warnMinutes: number;
}
interface Values {
  business: boolean;
  rows: ClockRow[];
}

/** What each type counts (docs/decisions.md). */
const HINTS: Record<number, string> = {
  1: '从创建到分配或认领',
  2: '从创建到开始处理（响应）',
  3: '从开始处理到完成',
  4: '暂停的累计时长',
  5: '从创建到完成（解决）',
};
const UNIT_OPTIONS = SLA_UNITS.map((u) => ({ value: u.id, label: u.name }));

const valuesOf = (s: EventSlaSetting): Values => ({
  business: s.business,
  rows: EVENT_SLA_TYPE_IDS.map((type) => {
    const c = s.clocks.find((x) => x.type === type);
    return c ? { on: true, target: c.target, unit: c.unit, warnMinutes: c.warnMinutes } : { on: false, target: 1, unit: 2, warnMinutes: 0 };
  }),
});

export function EventSlaForm({ tmpId }: { tmpId: number }) {
  const q = useApi(E.sla, { tmpId }, { staleTime: 0, retry: false, call: { silent: true } });
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const rows = Form.useWatch('rows', form);

  useEffect(() => {
    if (q.data) form.setFieldsValue(valuesOf(q.data));
  }, [q.data, form]);

  if (q.isError) {
    return (
      <Card title="事件SLA" size="small">
        <Alert type="warning" showIcon title={q.error.message} />
      </Card>
    );
  }
  if (!q.data) return <Spin style={{ display: 'block', margin: 24 }} />;

  const save = async (v: Values) => {
    const clocks = v.rows.flatMap((r, i) =>
      r.on ? [{ type: EVENT_SLA_TYPE_IDS[i] as number, target: r.target, unit: r.unit, warnMinutes: r.warnMinutes ?? 0 }] : [],
    );
    setSaving(true);
    try {
      await call(E.saveSla, { tmpId, business: v.business, clocks }, { successToast: true });
      await invalidate(E.sla);
    } catch {
      // the request client has shown why
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title="事件SLA" size="small" data-testid="event-sla">
      <Form form={form} onFinish={save} initialValues={valuesOf(q.data)}>
        <Form.Item name="business" label="按工作时间计时" valuePropName="checked" extra="工作时间与节假日在「SLA管理」中设置；不开启则按自然时间计时">
          <Switch />
        </Form.Item>
        {EVENT_SLA_TYPE_IDS.map((type, i) => {
          const on = rows?.[i]?.on;
          return (
            <div key={type} style={{ borderTop: i ? '1px solid #f0f0f0' : undefined, paddingTop: 8 }}>
              <Space wrap size={4}>
                <Form.Item name={['rows', i, 'on']} valuePropName="checked" noStyle>
                  <Checkbox>{eventSlaTypeName(type)}</Checkbox>
                </Form.Item>
                <Typography.Text type="secondary">{HINTS[type]}</Typography.Text>
              </Space>
              <Space wrap align="baseline" style={{ display: 'flex', marginTop: 8 }}>
                <Form.Item name={['rows', i, 'target']} rules={rulesOf(TARGET, { required: on ? '请输入时限' : false })} style={{ marginBottom: 8 }}>
                  <InputNumber
                    min={1}
                    max={100000}
                    precision={0}
                    disabled={!on}
                    addonBefore="时限"
                    aria-label={`${eventSlaTypeName(type)}时限`}
                    style={{ width: 150 }}
                  />
                </Form.Item>
                <Form.Item name={['rows', i, 'unit']} style={{ marginBottom: 8 }}>
                  <Select options={UNIT_OPTIONS} disabled={!on} style={{ width: 80 }} aria-label="时间单位" />
                </Form.Item>
                <Form.Item name={['rows', i, 'warnMinutes']} style={{ marginBottom: 8 }}>
                  <InputNumber
                    min={0}
                    max={1000000}
                    precision={0}
                    disabled={!on}
                    addonBefore="提前预警"
                    addonAfter="分钟"
                    style={{ width: 220 }}
                    aria-label={`${eventSlaTypeName(type)}预警`}
                  />
                </Form.Item>
              </Space>
            </div>
          );
        })}
        <Button type="primary" htmlType="submit" loading={saving} style={{ marginTop: 8 }}>
          保存SLA
        </Button>
      </Form>
    </Card>
  );
}
