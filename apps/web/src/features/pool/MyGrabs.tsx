import type { MyGrab } from '@sk/shared/pool/pool.contract';
import { Alert, Button, Form, Input, List, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { RecordFormDialog } from '../../components';
import { displayDateTime } from '../../lib/format';
import { invalidate, useApi, useApiMutation } from '../../lib/query';
import { rulesOf } from '../../lib/zodRules';
import { orderDetailPath, poolContract } from './api';

/** The engineer's grabs left today and the grabs that may still be given back to the pool (before the enterprise's limit), each with 退回. */
export function MyGrabs() {
  const mine = useApi(poolContract.mine);
  const revoke = useApiMutation(poolContract.revokeGrab);
  const [giving, setGiving] = useState<MyGrab | null>(null);
  const grabs = mine.data?.grabs ?? [];
  const left = mine.data?.grabsLeft;
  const cap = left == null ? null : <Typography.Paragraph type="secondary">今日还可抢 {left} 单</Typography.Paragraph>;
  if (!grabs.length) return cap;
  const submit = async (v: { reason: string }) => {
    await revoke.mutateAsync({ orderId: giving?.id as number, reason: v.reason });
    await invalidate(poolContract.mine);
  };
  return (
    <>
      {cap}
      <Alert
        type="info"
        style={{ marginBottom: 12 }}
        title="刚抢到的工单，在时限内可退回工单公海"
        description={
          <List<MyGrab>
            size="small"
            dataSource={grabs}
            renderItem={(g) => (
              <List.Item
                actions={[
                  <Button key="revoke" size="small" onClick={() => setGiving(g)}>
                    退回
                  </Button>,
                ]}
              >
                <List.Item.Meta
                  title={<Link to={orderDetailPath(g.id)}>{g.title}</Link>}
                  description={`${g.orderNo} · ${displayDateTime(g.revokeUntil)}前可退回`}
                />
              </List.Item>
            )}
          />
        }
      />
      <RecordFormDialog<{ reason: string }> open={giving !== null} title="退回工单公海" okText="退回" onClose={() => setGiving(null)} onSubmit={submit}>
        <Form.Item name="reason" label="退回原因" rules={rulesOf(poolContract.revokeGrab.body.shape.reason)}>
          <Input.TextArea maxLength={500} rows={3} />
        </Form.Item>
      </RecordFormDialog>
    </>
  );
}
