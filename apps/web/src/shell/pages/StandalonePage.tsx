import { accountContract } from '@sk/shared';
import { Button, Result, Space } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../components/toast';
import { isChatClient } from '../../lib/env';
import { useApi } from '../../lib/query';
import { useSessionUser } from '../../lib/session';
import { logout } from '../account';

/** The hotline: the session user's when logged in, else the public one. */
export function useHotline(): string {
  const user = useSessionUser();
  const phone = useApi(accountContract.customServicePhone, undefined, { enabled: !user, call: { silent: true, noRedirect: true } });
  return user?.customServicePhone ?? phone.data ?? '';
}

/** A full-screen guard page outside the layout, with a way out (log out, or back in). */
export function GuardPage({
  status,
  title,
  subTitle,
  extra,
}: {
  status: '403' | '404' | 'warning' | 'info';
  title: string;
  subTitle: ReactNode;
  extra?: ReactNode;
}) {
  const navigate = useNavigate();
  const out = async () => {
    await logout(
      (k, t) => toast[k](t),
      () => navigate('/login', { replace: true }),
    );
  };
  return (
    <div className="sk-auth">
      <Result
        status={status}
        title={title}
        subTitle={subTitle}
        extra={
          <Space wrap>
            {extra}
            {!isChatClient() && <Button onClick={out}>退出登录</Button>}
          </Space>
        }
      />
    </div>
  );
}
