import { FREE, type FreeFeature, freeNotice } from '@sk/shared/auth/plans';
import { Button } from 'antd';
import { Suspense } from 'react';
import { Link, Navigate } from 'react-router';
import { type PageRoute, routeAllows } from '../lib/route';
import { useUser } from '../lib/session';
import { Notice } from './Notice';
import { PageFallback } from './PageFallback';
import { openUpgrade } from './upgrade';

export const QUOTA_TITLE = '用户数超出套餐';

/** Seats exceeded on a paid plan: pages flagged quotaDisabled show this instead. */
export function QuotaExceeded({ message }: { message: string | null }) {
  return (
    <Notice
      kind="warning"
      title={QUOTA_TITLE}
      text={message ?? '企业用户数超出套餐人数，该功能已禁用，请调整组织架构中的人员或升级套餐'}
      extra={
        <Link to="/organizationalStructure">
          <Button type="primary">前往组织架构</Button>
        </Link>
      }
    />
  );
}

export function FreeLocked({ feature, phone }: { feature: FreeFeature; phone: string }) {
  const notice = freeNotice(feature, phone);
  return (
    <Notice
      kind="info"
      title="免费版暂不支持该功能"
      text={notice}
      extra={
        <Button type="primary" onClick={() => openUpgrade(notice)}>
          升级VIP
        </Button>
      }
    />
  );
}

/** Per-page checks: power code → /detailError; free-plan lock; seat quota. Then the lazily loaded page. */
export function PageGuard({ route }: { route: PageRoute }) {
  const user = useUser();
  if (!routeAllows(user.powers, route)) return <Navigate to="/detailError" replace />;
  if (route.freeLock && user.isChargeUser === FREE) return <FreeLocked feature={route.freeLock} phone={user.customServicePhone} />;
  if (route.quotaDisabled && user.seatsExceeded) return <QuotaExceeded message={user.versionMessage} />;
  const Page = route.page;
  return (
    <Suspense fallback={<PageFallback />}>
      <Page />
    </Suspense>
  );
}
