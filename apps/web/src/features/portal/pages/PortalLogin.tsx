// /portal/login: the customer logs in with mobile and password, or asks for a one-time login link by SMS.
import { Button, Card, Form, Input, Radio, Segmented, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { ApiError } from '../../../lib/api';
import { toast } from '../../../components/toast';
import { rulesOf } from '../../../lib/zodRules';
import { forgetPortal, P, portalCall } from '../api';
import { PortalBare } from '../PortalPage';
import { sentLinkText } from '../wording';

const L = P.login.body.shape;
const safeRedirect = (r: string | null) => (r?.startsWith('/portal') ? r : '/portal');

export default function PortalLogin() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const [mode, setMode] = useState<'password' | 'link'>('password');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [choose, setChoose] = useState<{ id: number; name: string }[] | null>(null);
  const [form] = Form.useForm<{ mobile: string; password: string; enterpriseId?: number }>();

  const login = async (v: { mobile: string; password: string; enterpriseId?: number }) => {
    setBusy(true);
    setError(null);
    try {
      const r = await portalCall(P.login, v, { silent: true });
      if (r.needChoose) setChoose(r.epList);
      else {
        forgetPortal();
        navigate(safeRedirect(search.get('redirect')), { replace: true });
      }
    } catch (e) {
      setError((e as ApiError).message);
    } finally {
      setBusy(false);
    }
  };
  const sendLink = async (v: { mobile: string }) => {
    setBusy(true);
    setError(null);
    try {
      const r = await portalCall(P.sendLink, { mobile: v.mobile }, { silent: true });
      setSent(sentLinkText(r.seconds));
      toast.success('登录链接已发送');
    } catch (e) {
      setError((e as ApiError).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <PortalBare>
      <Typography.Title level={3} style={{ textAlign: 'center' }}>
        服务门户
      </Typography.Title>
      <Typography.Paragraph style={{ textAlign: 'center', color: '#595959' }}>查看设备保修、报修、跟进工单与报价</Typography.Paragraph>
      <Card>
        <Segmented
          block
          size="large"
          value={mode}
          onChange={(v) => {
            setMode(v as 'password' | 'link');
            setError(null);
          }}
          options={[
            { label: '密码登录', value: 'password' },
            { label: '短信链接登录', value: 'link' },
          ]}
          style={{ marginBottom: 16 }}
        />
        <Form form={form} layout="vertical" size="large" onFinish={mode === 'password' ? login : sendLink} requiredMark={false}>
          <Form.Item name="mobile" label="手机号" rules={rulesOf(L.mobile, { required: '请输入手机号' })}>
            <Input inputMode="tel" autoComplete="username" maxLength={11} placeholder="请输入手机号" />
          </Form.Item>
          {mode === 'password' ? (
            <Form.Item name="password" label="密码" rules={rulesOf(L.password)}>
              <Input.Password autoComplete="current-password" placeholder="请输入密码" />
            </Form.Item>
          ) : null}
          {choose && mode === 'password' ? (
            <Form.Item name="enterpriseId" label="请选择服务商" rules={rulesOf(L.enterpriseId, { required: '请选择服务商' })}>
              <Radio.Group options={choose.map((c) => ({ label: c.name, value: c.id }))} />
            </Form.Item>
          ) : null}
          {error ? (
            <Typography.Paragraph type="danger" role="alert">
              {error}
            </Typography.Paragraph>
          ) : null}
          {sent && mode === 'link' ? <Typography.Paragraph type="success">{sent}</Typography.Paragraph> : null}
          <Button type="primary" htmlType="submit" block loading={busy}>
            {mode === 'password' ? '登录' : '发送登录链接'}
          </Button>
        </Form>
      </Card>
    </PortalBare>
  );
}
