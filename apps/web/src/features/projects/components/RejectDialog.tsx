import { Form, Input } from 'antd';
import { RecordFormDialog } from '../../../components';
import { rulesOf } from '../../../lib/zodRules';
import { projectContract } from '../api';

/** 驳回: a rejection always gives its reason (an approval flow's rejection needs one; the submitter reads it in the log). */
export function RejectDialog(p: { open: boolean; title?: string; onClose: () => void; onReject: (note: string) => Promise<unknown> }) {
  return (
    <RecordFormDialog<{ note: string }>
      open={p.open}
      title={p.title ?? '驳回'}
      okText="驳回"
      name="reject"
      onClose={p.onClose}
      onSubmit={(v) => p.onReject(v.note.trim())}
    >
      <Form.Item name="note" label="驳回理由" rules={rulesOf(projectContract.taskAction.body.shape.note, { required: '请输入驳回理由' })}>
        <Input.TextArea rows={3} maxLength={500} showCount placeholder="请输入驳回理由" />
      </Form.Item>
    </RecordFormDialog>
  );
}
