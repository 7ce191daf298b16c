// 默认派单: who gets a new order when no rule matches.
import { DEFAULT_TARGET_IDS } from '@sk/shared/dispatch/dispatch.constants';
import { defaultDispatchBody } from '@sk/shared/dispatch/dispatch.contract';
import { Button, Card, Form, Skeleton, Switch } from 'antd';
import { useState } from 'react';
import { call } from '../../../lib/api';
import { invalidate, useApi } from '../../../lib/query';
import { dispatchContract } from '../api';
import { personValue, type TargetValues, TargetFields, targetBody } from './targets';

export function DefaultDispatch({ editable }: { editable: boolean }) {
  const saved = useApi(dispatchContract.getDefaultDispatch);
  const [form] = Form.useForm<TargetValues & { enabled: boolean }>();
  const [busy, setBusy] = useState(false);
  const d = saved.data;
  if (!d)
    return (
      <Card size="small" title="默认派单">
        {saved.isLoading ? <Skeleton active /> : null}
      </Card>
    );
  const save = async (v: TargetValues & { enabled: boolean }) => {
    setBusy(true);
    try {
      await call(dispatchContract.updateDefaultDispatch, { enabled: v.enabled, ...targetBody(v) }, { successToast: true });
      await invalidate(dispatchContract.getDefaultDispatch);
    } catch {
      // The request client showed why.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card size="small" title="默认派单">
      <Form
        form={form}
        layout="vertical"
        disabled={!editable}
        onFinish={save}
        initialValues={{
          enabled: d.enabled,
          targetType: d.targetType,
          targetUser: personValue(d.targetUserId, d.targetUserName),
          targetGroupId: d.targetGroupId,
          targetProviderId: d.targetProviderId,
        }}
      >
        <Form.Item
          name="enabled"
          label="启用默认派单"
          valuePropName="checked"
          extra="新工单没有匹配的派单规则时，自动派给下面的对象；都不匹配的工单留在“待派单工单”中（开启工单公海时进入公海）"
        >
          <Switch />
        </Form.Item>
        <TargetFields types={DEFAULT_TARGET_IDS} fields={defaultDispatchBody.shape} />
        <Button type="primary" htmlType="submit" loading={busy}>
          保存
        </Button>
      </Form>
    </Card>
  );
}
