import { Form, Input } from 'antd';
import { NEW_PASSWORD_RULE, PASSWORD_HINT, PASSWORD_MAX } from '../lib/password-rule';

/** The values a password change collects (the confirmation never leaves the browser). */
export interface PasswordChangeValues {
  oldPassword: string;
  newPassword: string;
  confirm: string;
}

/** 原密码, 新密码 (the password rules) and 确认新密码: one set of fields for staff and for the customer portal. */
export function PasswordChangeFields() {
  return (
    <>
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
    </>
  );
}
