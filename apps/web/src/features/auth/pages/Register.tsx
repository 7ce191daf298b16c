import { SafetyOutlined } from '@ant-design/icons';
import { accountContract, INDUSTRIES, type Industry } from '@sk/shared';
import { Button, Checkbox, Form, Input, Progress, Result, Select, Space } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { call } from '../../../lib/api';
import { useApi } from '../../../lib/query';
import { rulesOf } from '../../../lib/zodRules';
import { PASSWORD_HINT, PASSWORD_MAX } from '../../../lib/password-rule';
import { MOBILE_RULES, startSession } from '../api';
import { AuthCard } from '../components/AuthCard';
import { SendCodeButton } from '../components/SendCodeButton';

/** The registration's fields as the contract checks them: the form's rules are the contract's. */
const R = accountContract.register.body.shape;

interface Values {
  enterpriseName: string;
  industry: Industry;
  name: string;
  mobile: string;
  code: string;
  password: string;
  agree: boolean;
}

const PROGRESS_POLL_MS = 1000;

/** After registering: the industry template is being set up; poll its progress, then enter. */
function Provisioning() {
  const navigate = useNavigate();
  const progress = useApi(accountContract.registerProgress, undefined, {
    refetchInterval: (q) => (q.state.data?.done ? false : PROGRESS_POLL_MS),
    call: { silent: true },
  });
  const p = progress.data?.progress ?? 0;
  const done = !!progress.data?.done;
  return (
    <Result
      status={done ? 'success' : 'info'}
      title={done ? '企业创建完成' : '正在为您初始化企业数据'}
      subTitle={done ? '行业模板、部门和字典已就绪，开始使用吧。' : '正在导入所选行业的工单模板、服务项目和字典，请稍候…'}
      extra={
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Progress percent={p} status={done ? 'success' : 'active'} aria-label="初始化进度" />
          <Button type="primary" disabled={!done} onClick={() => navigate('/', { replace: true })}>
            进入系统
          </Button>
        </Space>
      }
    />
  );
}

/** Register an enterprise (a 15-day trial) with its administrator. */
export default function Register() {
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [registered, setRegistered] = useState(false);

  const submit = async ({ agree: _agree, ...v }: Values) => {
    setBusy(true);
    try {
      await call(accountContract.register, v, { successToast: true });
      startSession();
      setRegistered(true);
    } catch {
      // The request client has shown why.
    } finally {
      setBusy(false);
    }
  };

  if (registered) {
    return (
      <AuthCard title="注册企业">
        <Provisioning />
      </AuthCard>
    );
  }
  return (
    <AuthCard title="注册企业，免费试用15天" extra={<Link to="/login">已有账号，去登录</Link>}>
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item name="enterpriseName" label="企业名称" rules={rulesOf(R.enterpriseName, { required: '请输入企业名称' })}>
          <Input placeholder="请输入企业名称" />
        </Form.Item>
        <Form.Item name="industry" label="所属行业" rules={rulesOf(R.industry, { required: '请选择行业' })} extra="将按所选行业导入演示模板">
          <Select placeholder="请选择行业" options={Object.entries(INDUSTRIES).map(([value, label]) => ({ value, label }))} />
        </Form.Item>
        <Form.Item name="name" label="您的姓名" rules={rulesOf(R.name)}>
          <Input placeholder="请输入姓名" />
        </Form.Item>
        <Form.Item name="mobile" label="手机号" rules={MOBILE_RULES}>
          <Input placeholder="请输入手机号" maxLength={11} inputMode="numeric" />
        </Form.Item>
        <Form.Item label="验证码" required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="code" noStyle rules={rulesOf(R.code, { required: '请输入验证码' })}>
              <Input prefix={<SafetyOutlined />} placeholder="验证码" maxLength={6} inputMode="numeric" />
            </Form.Item>
            <SendCodeButton purpose="register" getMobile={() => form.getFieldValue('mobile')} />
          </Space.Compact>
        </Form.Item>
        <Form.Item name="password" label="登录密码" rules={rulesOf(R.password, { required: '请输入密码' })}>
          <Input.Password placeholder={PASSWORD_HINT} maxLength={PASSWORD_MAX} autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="agree"
          valuePropName="checked"
          // why: the consent is the page's own, not a field of the registration
          rules={[{ validator: (_, v) => (v ? Promise.resolve() : Promise.reject(new Error('请阅读并同意隐私政策'))) }]}
        >
          <Checkbox>
            我已阅读并同意<Link to="/privacy">《隐私政策》</Link>
          </Checkbox>
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy}>
          注册并开始试用
        </Button>
      </Form>
    </AuthCard>
  );
}
