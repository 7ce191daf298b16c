import { ROLES } from '@sk/shared/auth/roles';
import type { EventAction } from '@sk/shared/events/event.machine';
import { EVENT_ACTION_LABELS } from '@sk/shared/events/events.constants';
import { eventSettingContract, OPTIONAL_EVENT_ACTIONS } from '@sk/shared/events/event.settings.contract';
import { Alert, Button, Card, Checkbox, Form, Select, Space, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components';
import { call } from '../../../lib/api';
import { labelOptions } from '../../../lib/options';
import { invalidate, useApi } from '../../../lib/query';
import { EventSlaForm } from '../components/EventSlaForm';

interface Values {
  actions: EventAction[];
  principalRoles: number[];
}

const ACTION_OPTIONS = OPTIONAL_EVENT_ACTIONS.map((a) => ({ value: a, label: EVENT_ACTION_LABELS[a] }));
const ROLE_OPTIONS = labelOptions(ROLES);

/** /eventSet/processevent?id&templateName: which actions the template's events allow and who may be their principal. */
export default function EventProcess() {
  const [q] = useSearchParams();
  const tmpId = Number(q.get('id'));
  const name = q.get('templateName') ?? '';
  const setting = useApi(eventSettingContract.setting, { tmpId }, { enabled: tmpId > 0, staleTime: 0 });
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (setting.data) form.setFieldsValue({ actions: setting.data.actions, principalRoles: setting.data.principalRoles });
  }, [setting.data, form]);

  if (!(tmpId > 0) || setting.isError) return <EmptyState description="事件模板不存在" />;
  if (!setting.data) return <Spin style={{ display: 'block', margin: 48 }} />;

  const save = async (v: Values) => {
    setSaving(true);
    try {
      await call(
        eventSettingContract.saveSetting,
        { tmpId, actions: ['assign', 'claim', ...v.actions], principalRoles: v.principalRoles },
        { successToast: true },
      );
      await invalidate(eventSettingContract.setting);
    } catch {
      // the request client has shown why
    } finally {
      setSaving(false);
    }
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }} size={12}>
      <Card
        title={`流程设置：${name}`}
        extra={<Link to={`/eventSet/processevent/customForm?id=${tmpId}&templateName=${encodeURIComponent(name)}`}>自定义字段</Link>}
      >
        <Alert type="info" showIcon style={{ marginBottom: 16 }} title="分配和认领始终可用；关闭的操作不再出现在该模板的事件上，接口也会拒绝。" />
        <Form form={form} layout="vertical" onFinish={save} initialValues={{ actions: [], principalRoles: [] }}>
          <Form.Item name="actions" label="允许的操作">
            <Checkbox.Group options={ACTION_OPTIONS} />
          </Form.Item>
          <Form.Item name="principalRoles" label="负责人角色" extra="不选则任何人员都可作为负责人">
            <Select mode="multiple" allowClear options={ROLE_OPTIONS} placeholder="任何人员" aria-label="负责人角色" style={{ maxWidth: 480 }} />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" loading={saving}>
              保存
            </Button>
          </Space>
        </Form>
      </Card>
      <EventSlaForm tmpId={tmpId} />
    </Space>
  );
}
