// /portal/link?token=…: the SMS link spends its one-time token and opens the portal.
import { Button, Result, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { ApiError } from '../../../lib/api';
import { forgetPortal, P, portalCall } from '../api';
import { PortalBare } from '../PortalPage';

export default function PortalLink() {
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const once = useRef(false);
  useEffect(() => {
    if (once.current) return;
    once.current = true;
    portalCall(P.linkLogin, { token }, { silent: true })
      .then(() => {
        forgetPortal();
        navigate('/portal', { replace: true });
      })
      .catch((e: ApiError) => setError(e.message));
  }, [token, navigate]);
  return (
    <PortalBare>
      {error ? (
        <Result
          status="warning"
          title={error}
          extra={
            <Button type="primary" size="large" onClick={() => navigate('/portal/login')}>
              去登录
            </Button>
          }
        />
      ) : (
        <Spin style={{ display: 'block', margin: 64 }} tip="正在登录…" />
      )}
    </PortalBare>
  );
}
