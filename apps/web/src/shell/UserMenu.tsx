import { DownOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Dropdown, type MenuProps } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../components/toast';
import { isAppShell, isChatClient } from '../lib/env';
import { useUser } from '../lib/session';
import { Img } from '../lib/Img';
import { clearCache, logout } from './account';

const ChangeRoleDialog = lazy(() => import('./ChangeRoleDialog'));
const ChangePasswordDialog = lazy(() => import('./ChangePasswordDialog').then((m) => ({ default: m.ChangePasswordDialog })));
const SubscribeDialog = lazy(() => import('./SubscribeDialog').then((m) => ({ default: m.SubscribeDialog })));

type Dialog = 'role' | 'password' | 'subscribe' | null;

export function UserMenu({ compact }: { compact?: boolean }) {
  const user = useUser();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<Dialog>(null);

  const items: MenuProps['items'] = [
    { key: 'info', label: `${user.name}（${user.roleName || '无角色'}）`, disabled: true },
    { type: 'divider' },
    ...(isAppShell() ? [{ key: 'password', label: '修改密码' }] : []),
    { key: 'role', label: '切换角色' },
    { key: 'subscribe', label: '消息订阅' },
    { key: 'cache', label: '清除缓存' },
    ...(isChatClient() ? [] : [{ key: 'logout', label: '退出登录', danger: true }]),
  ];

  const onClick: MenuProps['onClick'] = async ({ key }) => {
    if (key === 'role' || key === 'password' || key === 'subscribe') return setDialog(key);
    if (key === 'cache') {
      const r = clearCache();
      return r.ok ? toast.success(r.message) : toast.error(r.message);
    }
    if (key === 'logout')
      await logout(
        (k, t) => toast[k](t),
        () => navigate('/login', { replace: true }),
      );
  };

  return (
    <>
      <Dropdown menu={{ items, onClick }} trigger={['click']}>
        <button type="button" className="sk-header-btn" aria-label="用户菜单">
          {user.avatar ? <Img src={user.avatar} className="sk-avatar" alt={user.name} /> : <Avatar size="small" icon={<UserOutlined />} />}
          {!compact && (
            <span className="sk-user-name">
              {user.name}
              <span className="sk-role-name">{user.roleName}</span>
            </span>
          )}
          <DownOutlined style={{ fontSize: 10 }} />
        </button>
      </Dropdown>
      <Suspense fallback={null}>
        {dialog === 'role' && <ChangeRoleDialog open onClose={() => setDialog(null)} />}
        {dialog === 'password' && <ChangePasswordDialog open onClose={() => setDialog(null)} />}
        {dialog === 'subscribe' && <SubscribeDialog open onClose={() => setDialog(null)} />}
      </Suspense>
    </>
  );
}
