import type { HandoverResult, UserRow } from '@sk/shared/org/org.schema';
import { Alert, Descriptions, Modal, Typography } from 'antd';
import { useState } from 'react';
import { type Person, PersonField } from '../../../components';
import { useApiMutation } from '../../../lib/query';
import { ORG_READS, orgContract } from '../api';

/** Work handover: everything the user is responsible for moves to a receiver chosen in the person picker. */
export function HandoverDialog({ from, onClose }: { from: UserRow | null; onClose: () => void }) {
  const [to, setTo] = useState<Person[]>([]);
  const [result, setResult] = useState<HandoverResult | null>(null);
  const run = useApiMutation(orgContract.handover, { invalidates: ORG_READS, onSuccess: (r) => setResult(r) });
  const close = () => {
    setTo([]);
    setResult(null);
    onClose();
  };
  const receiver = to[0];

  return (
    <Modal
      open={from !== null}
      title="工作交接"
      okText={result ? '完成' : '确认交接'}
      cancelText="取消"
      okButtonProps={{ disabled: !result && !receiver }}
      confirmLoading={run.isPending}
      onOk={() => (result ? close() : receiver && from && run.mutate({ fromUserId: from.id, toUserId: receiver.id }))}
      onCancel={close}
      destroyOnHidden
    >
      {result ? (
        <>
          <Alert type="success" showIcon title={`交接完成，共转移 ${result.total} 项`} style={{ marginBottom: 12 }} />
          <Descriptions column={1} size="small" bordered>
            {result.steps.map((s) => (
              <Descriptions.Item key={s.name} label={s.label}>
                {s.moved}
              </Descriptions.Item>
            ))}
          </Descriptions>
        </>
      ) : (
        <Descriptions column={1} size="small">
          <Descriptions.Item label="交接人">
            <Typography.Text strong>{from?.name}</Typography.Text>（{from?.mobile}）
          </Descriptions.Item>
          <Descriptions.Item label="接收人">
            <PersonField value={to} onChange={setTo} placeholder="选择接收人" />
          </Descriptions.Item>
          <Descriptions.Item label="说明">交接人负责的工单、事件、客户、服务团队等将转给接收人，交接后不可撤销。</Descriptions.Item>
        </Descriptions>
      )}
    </Modal>
  );
}
