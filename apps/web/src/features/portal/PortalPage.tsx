// The portal's frame: phone-first, outside the staff shell. It loads the portal session (GET /portal/me), sends a
// visitor without one to /portal/login (and back afterwards), and shows the three tabs at the bottom.
import { FileTextOutlined, KeyOutlined, LogoutOutlined, MobileOutlined, ToolOutlined } from '@ant-design/icons';
import { Button, Result, Spin, Typography } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { forgetPortal, P, portalCall, setPortalCsrf, usePortal } from './api';
import './portal.css';

const TABS = [
  { path: '/portal', label: '我的设备', icon: <MobileOutlined /> },
  { path: '/portal/orders', label: '我的工单', icon: <ToolOutlined /> },
  { path: '/portal/quotes', label: '报价单', icon: <FileTextOutlined /> },
];

export const loginPath = (here: string) => `/portal/login?redirect=${encodeURIComponent(here)}`;

export function PortalPage({ title, back, children }: { title: string; back?: string; children: ReactNode }) {
  const me = usePortal(P.me);
  const navigate = useNavigate();
  const loc = useLocation();
  const here = loc.pathname + loc.search;
  useEffect(() => {
    if (me.error?.code === 'NOT_LOGGED_IN') navigate(loginPath(here), { replace: true });
  }, [me.error, navigate, here]);
  useEffect(() => {
    document.title = `${title} - 服务门户`;
  }, [title]);
  if (me.isPending || me.error?.code === 'NOT_LOGGED_IN') return <Spin style={{ display: 'block', margin: 64 }} />;
  if (!me.data) return <Result status="warning" title={me.error?.message ?? '加载失败'} />;
  setPortalCsrf(me.data.csrfToken);
  const tab = TABS.filter((t) => loc.pathname === t.path || loc.pathname.startsWith(`${t.path}/`)).pop();
  return (
    <div className="portal">
      <header className="portal-header">
        <div>
          <Typography.Text strong>{me.data.enterpriseName}</Typography.Text>
          <div className="portal-sub">
            {me.data.customerName} · {me.data.name}
          </div>
        </div>
        <span>
          <Link to="/portal/password" aria-label="修改密码" className="portal-header-link">
            <KeyOutlined /> 改密码
          </Link>
          <Button
            type="text"
            icon={<LogoutOutlined />}
            aria-label="退出登录"
            onClick={async () => {
              await portalCall(P.logout, undefined, { silent: true }).catch(() => null);
              forgetPortal();
              navigate('/portal/login', { replace: true });
            }}
          >
            退出
          </Button>
        </span>
      </header>
      <main className="portal-main">
        <div className="portal-title">
          {back ? (
            <Link to={back} className="portal-back">
              ‹ 返回
            </Link>
          ) : null}
          <Typography.Title level={4} style={{ margin: 0 }}>
            {title}
          </Typography.Title>
        </div>
        {children}
      </main>
      <nav className="portal-tabs" aria-label="服务门户">
        {TABS.map((t) => (
          <Link key={t.path} to={t.path} className={tab?.path === t.path ? 'active' : ''} aria-current={tab?.path === t.path ? 'page' : undefined}>
            {t.icon}
            <span>{t.label}</span>
          </Link>
        ))}
      </nav>
    </div>
  );
}

/** The frame of the pages before login. */
export function PortalBare({ children }: { children: ReactNode }) {
  return (
    <div className="portal portal-bare">
      <main className="portal-main">{children}</main>
    </div>
  );
}
