import { Form, Input } from 'antd';
import type { z } from 'zod';
import { PASSWORD_HINT, PASSWORD_MAX } from '../lib/password-rule';
import { rulesOf } from '../lib/zodRules';

/** The values a password change collects (the confirmation never leaves the browser). */
export interface PasswordChangeValues {
  oldPassword: string;
  newPassword: string;
  confirm: string;
}

/** The contract fields a password change sends (orgContract.userPassword's or the portal's body). */
export interface PasswordChangeSchema {
  oldPassword: z.ZodType;
  newPassword: z.ZodType;
}

/**
 * 原密码, 新密码 and 确认新密码: one set of fields for staff and for the customer portal, with the rules of the
 * contract the form sends to. 原密码 is always asked: a staff member without a password may send none (the
 * server then takes any), but one who has a password must give it.
 */
export function PasswordChangeFields({ fields }: { fields: PasswordChangeSchema }) {
  return (
    <>
      <Form.Item name="oldPassword" label="原密码" rules={rulesOf(fields.oldPassword, { required: '请输入原密码' })}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item name="newPassword" label="新密码" rules={rulesOf(fields.newPassword)} extra={PASSWORD_HINT}>
        <Input.Password autoComplete="new-password" maxLength={PASSWORD_MAX} />
      </Form.Item>
      <Form.Item
        name="confirm"
        label="确认新密码"
        dependencies={['newPassword']}
        // visual: the confirmation must equal 新密码 above and is never sent
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
