import { isOverdue } from '@sk/shared/auth/plans';
import { Button } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import type { ApiError } from '../lib/api';
import { isAppShell } from '../lib/env';
import { firstPageReady, firstPageSettled } from '../lib/firstPage';
import { hadSession, loadSessionForGate, sessionEnded, useSessionUser } from '../lib/session';
import { Notice } from './Notice';
import { PageFallback } from './PageFallback';

const PRODUCT_QR = /^\/productManage\/qr\/([^/?#]+)/;

/**
 * Where a visitor without a session goes: login on a first visit or in the app shell, /error403 after a session ended.
 * A product's QR label (/productManage/qr/:code) scanned without a staff session is the customer's: the portal's scan
 * page (docs/portal.md), which asks for the portal's login when needed.
 */
export function notLoggedInPath(redirect: string): string {
  const qr = PRODUCT_QR.exec(redirect);
  if (qr) return `/portal/scan?code=${qr[1]}`;
  if (!hadSession() || isAppShell()) return `/login?redirect=${encodeURIComponent(redirect)}`;
  return '/error403';
}

/** Loads the session user once, then applies the global guards: no roles → /errorRole, paid plan expired → /errorOverdue. */
export function SessionGate({ children }: { children: ReactNode }) {
  const user = useSessionUser();
  const [error, setError] = useState<string | null>(null);
  const navigate = useNavigate();
  const location = useLocation();
  const here = location.pathname + location.search;
  const [pageReady, setPageReady] = useState(firstPageSettled);

  useEffect(() => {
    if (pageReady) return;
    let live = true;
    void firstPageReady().then(() => live && setPageReady(true));
    return () => {
      live = false;
    };
  }, [pageReady]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: load once per missing session, not per navigation
  useEffect(() => {
    if (user || sessionEnded()) return;
    setError(null);
    loadSessionForGate().catch((e: ApiError) => {
      if (e.code === 'NOT_LOGGED_IN') navigate(notLoggedInPath(here), { replace: true });
      else setError(e.message);
    });
  }, [user]);

  if (!user || !pageReady) {
    // After a log-out the layout may still be on screen while the login page loads.
    if (sessionEnded()) return <Navigate to="/login" replace />;
    if (!error) return <PageFallback />;
    return (
      <Notice
        kind="error"
        title="加载用户信息失败"
        text={error}
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            重试
          </Button>
        }
      />
    );
  }
  if (user.allRoles.length === 0) return <Navigate to="/errorRole" replace />;
  if (isOverdue(user.isChargeUser, user.epServiceExpireTime)) return <Navigate to="/errorOverdue" replace />;
  return children;
}
