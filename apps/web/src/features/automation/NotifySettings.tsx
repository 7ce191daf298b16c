import { automationContract as C } from '@sk/shared/automation/automation.contract';
import { CHANNELS, DELIVERY_STATES, ROBOT_TYPES } from '@sk/shared/automation/index';
import { TEMPLATE_VARIABLES } from '@sk/shared/automation/automation.template';
import type { DeliveryRow, NotifyEventSetting } from '@sk/shared/automation/automation.schema';
import { Button, Card, Checkbox, Form, Input, Radio, Space, Table, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { call } from '../../lib/api';
import { labelOptions } from '../../lib/options';
import { apiKey, queryClient, useApi } from '../../lib/query';

type Setting = NotifyEventSetting & { name: string };
const channelOptions = Object.entries(CHANNELS).map(([value, label]) => ({ value, label }));

function EventSettings() {
  const q = useApi(C.queryNotify);
  const [rows, setRows] = useState<Setting[]>([]);
  useEffect(() => setRows(q.data ?? []), [q.data]);
  const set = (event: number, patch: Partial<Setting>) => setRows((rs) => rs.map((r) => (r.event === event ? { ...r, ...patch } : r)));
  const save = async () => {
    await call(C.updateNotify, { list: rows.map(({ event, channels, template }) => ({ event, channels, template })) }, { successToast: true });
    await queryClient.invalidateQueries({ queryKey: apiKey(C.queryNotify) });
  };
  return (
    <Card
      size="small"
      title="事件通知"
      extra={
        <Button type="primary" onClick={() => save().catch(() => {})}>
          保存通知设置
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">
        模板变量：
        {Object.keys(TEMPLATE_VARIABLES).map((v) => (
          <Tag key={v}>{`{${v}}`}</Tag>
        ))}
      </Typography.Paragraph>
      <Table<Setting>
        rowKey="event"
        size="small"
        loading={q.isFetching}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 720 }}
        columns={[
          { key: 'name', title: '事件', dataIndex: 'name', width: 140 },
          {
            key: 'channels',
            title: '通知方式',
            width: 260,
            render: (_: unknown, r: Setting) => (
              <Checkbox.Group options={channelOptions} value={r.channels} onChange={(v) => set(r.event, { channels: v as Setting['channels'] })} />
            ),
          },
          {
            key: 'template',
            title: '通知模板',
            render: (_: unknown, r: Setting) => (
              <Input.TextArea
                autoSize={{ minRows: 1, maxRows: 4 }}
                maxLength={500}
                value={r.template}
                onChange={(e) => set(r.event, { template: e.target.value })}
              />
            ),
          },
        ]}
      />
    </Card>
  );
}

interface RobotValues {
  robotType: 1 | 2;
  robotUrl: string;
  robotSecret: string;
}

function RobotSettings() {
  const q = useApi(C.robotGet);
  const [form] = Form.useForm<RobotValues>();
  useEffect(() => {
    if (q.data) form.setFieldsValue({ robotType: q.data.robotType as 1 | 2, robotUrl: q.data.robotUrl, robotSecret: '' });
  }, [q.data, form]);
  const save = async () => {
    const v = await form.validateFields();
    await call(C.robotSet, { ...v, keepSecret: !v.robotSecret && !!q.data?.hasSecret }, { successToast: true });
    await queryClient.invalidateQueries({ queryKey: apiKey(C.robotGet) });
  };
  return (
    <Card size="small" title="群机器人">
      <Form form={form} layout="vertical" initialValues={{ robotType: 1 }} style={{ maxWidth: 640 }}>
        <Form.Item name="robotType" label="机器人类型">
          <Radio.Group options={labelOptions(ROBOT_TYPES)} />
        </Form.Item>
        <Form.Item name="robotUrl" label="Webhook 地址">
          <Input placeholder="https://oapi.dingtalk.com/robot/send?access_token=…" maxLength={500} />
        </Form.Item>
        <Form.Item name="robotSecret" label="加签密钥（钉钉）" extra={q.data?.hasSecret ? '已设置；留空则保留原密钥' : undefined}>
          <Input.Password maxLength={200} autoComplete="new-password" />
        </Form.Item>
        <Space>
          {/* Not before the saved robot has loaded: an empty form saved over it would wipe its address and secret. */}
          <Button type="primary" disabled={!q.data} onClick={() => save().catch(() => {})}>
            保存
          </Button>
          <Button onClick={() => call(C.robotTest, {}, { successToast: true }).catch(() => {})}>发送测试消息</Button>
        </Space>
      </Form>
    </Card>
  );
}

function Deliveries() {
  const [page, setPage] = useState(0);
  const q = useApi(C.deliveries, { pageIndex: page, pageSize: 10 });
  const colors: Record<number, string> = { 0: 'blue', 1: 'green', 2: 'orange', 3: 'red' };
  return (
    <Card size="small" title="发送记录（Webhook 与群机器人）">
      <Table<DeliveryRow>
        rowKey="id"
        size="small"
        loading={q.isFetching}
        dataSource={q.data?.list ?? []}
        scroll={{ x: 720 }}
        pagination={{ current: page + 1, pageSize: 10, total: q.data?.count ?? 0, onChange: (p) => setPage(p - 1), showSizeChanger: false }}
        columns={[
          { key: 'createTime', title: '时间', dataIndex: 'createTime', width: 170 },
          { key: 'url', title: '地址', dataIndex: 'url', ellipsis: true },
          {
            key: 'status',
            title: '状态',
            width: 90,
            render: (_: unknown, r: DeliveryRow) => <Tag color={colors[r.status]}>{DELIVERY_STATES[r.status as 0]}</Tag>,
          },
          { key: 'attempts', title: '次数', dataIndex: 'attempts', width: 60 },
          { key: 'err', title: '最近结果', render: (_: unknown, r: DeliveryRow) => r.lastError ?? (r.lastCode ? `HTTP ${r.lastCode}` : '') },
          {
            key: 'op',
            title: '操作',
            width: 90,
            render: (_: unknown, r: DeliveryRow) => (
              <Button
                type="link"
                size="small"
                onClick={() =>
                  call(C.resend, { id: r.id }, { successToast: true }).then(
                    () => queryClient.invalidateQueries({ queryKey: apiKey(C.deliveries) }),
                    () => {},
                  )
                }
              >
                重新发送
              </Button>
            ),
          },
        ]}
      />
    </Card>
  );
}

/** Notification settings: per event channels and template, the robot, and the delivery log. */
export function NotifySettings() {
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <EventSettings />
      <RobotSettings />
      <Deliveries />
    </Space>
  );
}
