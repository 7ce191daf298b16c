import type { EventAction } from '@sk/shared/events/event.machine';
import { Form, Input } from 'antd';
import { type Person, PersonField, RecordFormDialog } from '../../../components';
import { call } from '../../../lib/api';
import { ACTION_ENDPOINT, actionLabel } from '../api';

/** Actions that ask for something first: a principal (assign; optional on escalate) and/or a reason. */
export const ASKING: Partial<Record<EventAction, { person?: 'required' | 'optional'; reason?: 'required' | 'optional' }>> = {
  assign: { person: 'required' },
  escalate: { person: 'optional', reason: 'required' },
  pause: { reason: 'required' },
  close: { reason: 'required' },
  complete: { reason: 'optional' },
  reopen: { reason: 'optional' },
};

interface Values {
  people?: Person[];
  reason?: string;
}

interface Props {
  eventId: number;
  action: EventAction | null;
  /** The state the user saw: a moved event answers 数据已变更. */
  expected?: number;
  onClose: () => void;
  onDone: () => void;
}

/** The dialog of an action that asks for a principal or a reason; the call goes to the action's endpoint. */
export function ActionDialog({ eventId, action, expected, onClose, onDone }: Props) {
  const ask = action ? (ASKING[action] ?? {}) : {};
  const submit = async (v: Values) => {
    if (!action) return;
    await call(ACTION_ENDPOINT[action], { id: eventId, expected, principalId: v.people?.[0]?.id, reason: v.reason || undefined }, { successToast: true });
    onDone();
  };
  const label = action ? actionLabel(action) : '';
  return (
    <RecordFormDialog<Values> open={!!action} title={`${label}事件`} okText="确定" name="skEventActionForm" onSubmit={submit} onClose={onClose}>
      {ask.person ? (
        <Form.Item
          name="people"
          label={action === 'escalate' ? '升级给（不选则仍由当前负责人处理）' : '负责人'}
          rules={ask.person === 'required' ? [{ required: true, type: 'array', min: 1, message: '请选择负责人' }] : []}
        >
          <PersonField placeholder="选择负责人" />
        </Form.Item>
      ) : null}
      {ask.reason ? (
        <Form.Item
          name="reason"
          label={`${label}原因`}
          rules={ask.reason === 'required' ? [{ required: true, whitespace: true, message: `请输入${label}原因` }] : []}
        >
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
      ) : null}
    </RecordFormDialog>
  );
}
