import { SafetyOutlined } from '@ant-design/icons';
import { accountContract } from '@sk/shared';
import { Button, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { call } from '../../../lib/api';
import { PASSWORD_HINT, PASSWORD_MAX } from '../../../lib/password-rule';
import { rulesOf } from '../../../lib/zodRules';
import { AuthCard } from '../components/AuthCard';
import { SendCodeButton } from '../components/SendCodeButton';

const C = accountContract.codePassword.body.shape;

interface Values {
  code: string;
  password: string;
  confirm: string;
}

/** Sets a new password with the code from /passwordForget (POST /stand/codeLogin/password). */
export default function PasswordSet() {
  const { mobile = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const carried = (location.state as { code?: string } | null)?.code;
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<Values>();

  const submit = async (v: Values) => {
    setBusy(true);
    try {
      await call(accountContract.codePassword, { mobile, code: v.code, password: v.password }, { successToast: true });
      navigate('/login', { replace: true });
    } catch {
      // The request client has shown why.
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title={`设置新密码（${mobile}）`} extra={<Link to="/login">返回登录</Link>}>
      <Form form={form} size="large" initialValues={{ code: carried }} onFinish={submit}>
        <Form.Item hidden={!!carried}>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="code" noStyle rules={rulesOf(C.code, { required: '请输入验证码' })}>
              <Input prefix={<SafetyOutlined />} placeholder="验证码" maxLength={6} inputMode="numeric" />
            </Form.Item>
            <SendCodeButton purpose="password" getMobile={() => mobile} />
          </Space.Compact>
        </Form.Item>
        <Form.Item name="password" rules={rulesOf(C.password)}>
          <Input.Password placeholder={`新密码（${PASSWORD_HINT}）`} maxLength={PASSWORD_MAX} autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          dependencies={['password']}
          // visual: the confirmation must equal the new password above and is never sent
          rules={[
            { required: true, message: '请再次输入新密码' },
            ({ getFieldValue }) => ({
              validator: (_, val) => (!val || val === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error('两次输入的密码不一致'))),
            }),
          ]}
        >
          <Input.Password placeholder="确认新密码" autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy}>
          确定
        </Button>
      </Form>
    </AuthCard>
  );
}
