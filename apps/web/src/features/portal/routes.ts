// The customer portal (docs/portal.md): phone-first pages outside the staff shell, with their own session.
import { lazyPage } from '../../lib/lazyPage';
import type { PublicRoute } from '../../lib/route';

export const PORTAL_ROUTES: PublicRoute[] = [
  { path: '/portal', page: lazyPage(() => import('./pages/Devices')) },
  { path: '/portal/login', page: lazyPage(() => import('./pages/PortalLogin')) },
  { path: '/portal/link', page: lazyPage(() => import('./pages/PortalLink')) },
  { path: '/portal/scan', page: lazyPage(() => import('./pages/Scan')) },
  { path: '/portal/repair/:productId', page: lazyPage(() => import('./pages/Repair')) },
  { path: '/portal/orders', page: lazyPage(() => import('./pages/Orders')) },
  { path: '/portal/orders/:id', page: lazyPage(() => import('./pages/OrderDetail')) },
  { path: '/portal/quotes', page: lazyPage(() => import('./pages/Quotes')) },
  { path: '/portal/quotes/:id', page: lazyPage(() => import('./pages/QuoteDetail')) },
  { path: '/portal/password', page: lazyPage(() => import('./pages/Password')) },
  { path: '/portal/sign', page: lazyPage(() => import('./pages/Sign')) },
  { path: '/portal/track', page: lazyPage(() => import('./pages/Track')) },
];
