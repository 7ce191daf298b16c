import { Spin } from 'antd';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { loadSessionUser } from '../../../lib/session';

/** The special shell's start page: enter when a session exists, otherwise log in. */
export default function Loading() {
  const navigate = useNavigate();
  useEffect(() => {
    loadSessionUser({ silent: true, noRedirect: true }).then(
      () => navigate('/', { replace: true }),
      () => navigate('/login', { replace: true }),
    );
  }, [navigate]);
  return (
    <div className="sk-auth">
      <Spin size="large" description="正在加载…" />
    </div>
  );
}
