import { orgContract } from '@sk/shared';
import { Form, Input } from 'antd';
import { RecordFormDialog } from '../components/RecordFormDialog';
import { NEW_PASSWORD_RULE, PASSWORD_HINT, PASSWORD_MAX } from '../lib/password-rule';
import { useApiMutation } from '../lib/query';

interface Values {
  oldPassword: string;
  newPassword: string;
  confirm: string;
}

/** Change own password (offered in the mobile app shell only). */
export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const save = useApiMutation(orgContract.userPassword);
  return (
    <RecordFormDialog<Values>
      title="修改密码"
      open={open}
      onClose={onClose}
      onSubmit={(v) => save.mutateAsync({ oldPassword: v.oldPassword, newPassword: v.newPassword })}
    >
      <Form.Item name="oldPassword" label="原密码" rules={[{ required: true, message: '请输入原密码' }]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item name="newPassword" label="新密码" rules={[{ required: true, message: '请输入新密码' }, NEW_PASSWORD_RULE]} extra={PASSWORD_HINT}>
        <Input.Password autoComplete="new-password" maxLength={PASSWORD_MAX} />
      </Form.Item>
      <Form.Item
        name="confirm"
        label="确认新密码"
        dependencies={['newPassword']}
        rules={[
          { required: true, message: '请再次输入新密码' },
          ({ getFieldValue }) => ({
            validator: (_, v) => (!v || v === getFieldValue('newPassword') ? Promise.resolve() : Promise.reject(new Error('两次输入的密码不一致'))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </RecordFormDialog>
  );
}
