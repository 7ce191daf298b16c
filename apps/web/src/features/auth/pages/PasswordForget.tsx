import { SafetyOutlined } from '@ant-design/icons';
import { accountContract } from '@sk/shared';
import { Button, Form, Input, Space } from 'antd';
import { Link, useNavigate, useParams } from 'react-router';
import { rulesOf } from '../../../lib/zodRules';
import { MOBILE_RULES } from '../api';
import { AuthCard } from '../components/AuthCard';
import { SendCodeButton } from '../components/SendCodeButton';

/** Forgot password, step 1: prove the mobile with a code; step 2 (/passwordset) sets the password. */
export default function PasswordForget() {
  const { mobile = '' } = useParams();
  const navigate = useNavigate();
  const [form] = Form.useForm<{ mobile: string; code: string }>();
  return (
    <AuthCard title="找回密码" extra={<Link to="/login">返回登录</Link>}>
      <Form form={form} size="large" initialValues={{ mobile }} onFinish={(v) => navigate(`/passwordset/${v.mobile.trim()}`, { state: { code: v.code } })}>
        <Form.Item name="mobile" rules={MOBILE_RULES}>
          <Input placeholder="手机号" maxLength={11} inputMode="numeric" />
        </Form.Item>
        <Form.Item>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="code" noStyle rules={rulesOf(accountContract.codePassword.body.shape.code, { required: '请输入验证码' })}>
              <Input prefix={<SafetyOutlined />} placeholder="验证码" maxLength={6} inputMode="numeric" />
            </Form.Item>
            <SendCodeButton purpose="password" getMobile={() => form.getFieldValue('mobile')} />
          </Space.Compact>
        </Form.Item>
        <Button type="primary" htmlType="submit" block>
          下一步
        </Button>
      </Form>
    </AuthCard>
  );
}
