// On the order detail: the fault mode (a remedy of the order's product category, picked from its tree) and
// 发起投诉 for whoever holds 客户投诉; 生成寄修单 and 退换货 (AfterSales).
import { COMPLAINT_POWER } from '@sk/shared/quality/complaint.contract';
import { COMPLAINT_DICTS } from '@sk/shared/quality/quality.constants';
import { Button, Form, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { RecordFormDialog } from '../../components';
import { useApi, useApiMutation } from '../../lib/query';
import { useCan } from '../../lib/session';
import { rulesOf } from '../../lib/zodRules';
import { AfterSales } from './AfterSales';
import { C, F } from './api';
import { DictSelect } from './DictSelect';
import { FaultTreeSelect } from './FaultModeSelect';

export function OrderQuality({ orderId, title }: { orderId: number; title: string }) {
  const can = useCan();
  const navigate = useNavigate();
  const fault = useApi(F.ofOrder, { orderId }, { call: { silent: true } });
  const set = useApiMutation(F.setOrder);
  const create = useApiMutation(C.create);
  const [complaining, setComplaining] = useState(false);
  const list = fault.data?.list ?? [];
  return (
    <div style={{ marginTop: 8 }}>
      <Space wrap>
        <Typography.Text>故障模式</Typography.Text>
        <FaultTreeSelect list={list} value={fault.data?.selected?.id} onChange={(v) => set.mutate({ orderId, faultModeId: v })} />
        {fault.data?.selected ? <Typography.Text type="secondary">{fault.data.selected.path.map((p) => p.name).join(' / ')}</Typography.Text> : null}
        {can(COMPLAINT_POWER) ? <Button onClick={() => setComplaining(true)}>发起投诉</Button> : null}
      </Space>
      <RecordFormDialog<{ title: string; level: string; content?: string | null }>
        open={complaining}
        title="发起投诉"
        name="orderComplaint"
        initialValues={{ title: `投诉：${title}`.slice(0, 100) }}
        onSubmit={async (v) => {
          const r = await create.mutateAsync({ ...v, sourceType: 1, orderId });
          navigate(`/customerComplaintDetail?id=${r.id}`);
        }}
        onClose={() => setComplaining(false)}
      >
        <Form.Item name="title" label="投诉标题" rules={rulesOf(C.create.body.shape.title)}>
          <Input />
        </Form.Item>
        <Form.Item name="level" label="投诉等级" rules={rulesOf(C.create.body.shape.level)}>
          <DictSelect code={COMPLAINT_DICTS.level} />
        </Form.Item>
        <Form.Item name="content" label="投诉内容" rules={rulesOf(C.create.body.shape.content)}>
          <Input.TextArea rows={3} />
        </Form.Item>
      </RecordFormDialog>
      <div style={{ marginTop: 8 }}>
        <AfterSales source={{ orderId }} />
      </div>
    </div>
  );
}
