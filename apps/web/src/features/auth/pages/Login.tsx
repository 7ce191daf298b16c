import { LockOutlined, MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { accountContract, type ResponseOf } from '@sk/shared';
import { Button, Form, Input, Space, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from '../../../components/toast';
import { call } from '../../../lib/api';
import { rememberAppSession } from '../../../lib/env';
import { rulesOf } from '../../../lib/zodRules';
import { loginClient, MOBILE_RULES, safeRedirect, startSession } from '../api';
import { AuthCard } from '../components/AuthCard';
import { EnterpriseChoice } from '../components/EnterpriseChoice';
import { SendCodeButton } from '../components/SendCodeButton';

type Mode = 'code' | 'password';
type LoginResult = ResponseOf<typeof accountContract.codeLogin>;
interface Values {
  mobile: string;
  code?: string;
  password?: string;
}
interface Choice {
  mode: Mode;
  mobile: string;
  password?: string;
  ticket: string;
  list: { id: number; name: string }[];
}

/** Code login and password login; a mobile in several enterprises chooses one. */
export default function Login() {
  const [form] = Form.useForm<Values>();
  const [mode, setMode] = useState<Mode>('code');
  const [choice, setChoice] = useState<Choice | null>(null);
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const [params] = useSearchParams();

  const finish = (r: LoginResult, mobile: string, password?: string) => {
    if (r.needChoose) return setChoice({ mode, mobile, password, ticket: r.ticket, list: r.epList });
    rememberAppSession(r.sessionId);
    startSession();
    toast.success('登录成功');
    navigate(safeRedirect(params.get('redirect')), { replace: true });
  };

  const attempt = async (run: () => Promise<LoginResult>, mobile: string, password?: string) => {
    setBusy(true);
    try {
      finish(await run(), mobile, password);
    } catch {
      // The request client has shown why.
    } finally {
      setBusy(false);
    }
  };

  const submit = (v: Values) => {
    const mobile = v.mobile.trim();
    const client = loginClient();
    if (mode === 'code') return attempt(() => call(accountContract.codeLogin, { mobile, code: v.code, client }), mobile);
    return attempt(() => call(accountContract.pwdLogin, { mobile, password: v.password ?? '', client }), mobile, v.password);
  };

  const choose = (enterpriseId: number) => {
    if (!choice) return;
    const { mobile, ticket, password } = choice;
    const client = loginClient();
    const run =
      choice.mode === 'code'
        ? () => call(accountContract.codeLogin, { mobile, ticket, enterpriseId, client })
        : () => call(accountContract.pwdLogin, { mobile, password: password ?? '', ticket, enterpriseId, client });
    attempt(run, mobile, password).then(() => setChoice(null));
  };

  const forgot = async () => {
    try {
      const { mobile } = await form.validateFields(['mobile']);
      navigate(`/passwordForget/${mobile.trim()}`);
    } catch {
      toast.warning('请先输入手机号');
    }
  };

  return (
    <AuthCard
      title={mode === 'code' ? '验证码登录' : '密码登录'}
      extra={
        <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
          <Link to="/register">注册企业</Link>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            登录即表示同意<Link to="/privacy">《隐私政策》</Link>
          </Typography.Text>
        </Space>
      }
    >
      <Tabs
        activeKey={mode}
        onChange={(k) => setMode(k as Mode)}
        centered
        items={[
          { key: 'code', label: '验证码登录' },
          { key: 'password', label: '密码登录' },
        ]}
      />
      <Form form={form} onFinish={submit} size="large" autoComplete="on">
        <Form.Item name="mobile" rules={MOBILE_RULES}>
          <Input prefix={<MobileOutlined />} placeholder="手机号" maxLength={11} inputMode="numeric" autoComplete="username" />
        </Form.Item>
        {mode === 'code' ? (
          <Form.Item>
            <Space.Compact style={{ width: '100%' }}>
              <Form.Item name="code" noStyle rules={rulesOf(accountContract.codeLogin.body.shape.code, { required: '请输入验证码' })}>
                <Input prefix={<SafetyOutlined />} placeholder="验证码" maxLength={6} inputMode="numeric" autoComplete="one-time-code" />
              </Form.Item>
              <SendCodeButton purpose="login" getMobile={() => form.getFieldValue('mobile')} />
            </Space.Compact>
          </Form.Item>
        ) : (
          <Form.Item name="password" rules={rulesOf(accountContract.pwdLogin.body.shape.password)}>
            <Input.Password prefix={<LockOutlined />} placeholder="密码" autoComplete="current-password" />
          </Form.Item>
        )}
        <Form.Item style={{ marginBottom: 8 }}>
          <Button type="primary" htmlType="submit" block loading={busy}>
            登录
          </Button>
        </Form.Item>
        {mode === 'password' && (
          <Button type="link" onClick={forgot} style={{ padding: 0 }}>
            忘记密码？
          </Button>
        )}
      </Form>
      {choice && <EnterpriseChoice list={choice.list} busy={busy} onChoose={choose} onCancel={() => setChoice(null)} />}
    </AuthCard>
  );
}
