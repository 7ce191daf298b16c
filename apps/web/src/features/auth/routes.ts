// Login, registration and password pages: outside the layout.
import { lazyPage } from '../../lib/lazyPage';
import type { PublicRoute } from '../../lib/route';

export const AUTH_PUBLIC_ROUTES: PublicRoute[] = [
  { path: '/login', page: lazyPage(() => import('./pages/Login')) },
  { path: '/passwordForget/:mobile', page: lazyPage(() => import('./pages/PasswordForget')) },
  { path: '/passwordset/:mobile', page: lazyPage(() => import('./pages/PasswordSet')) },
  { path: '/register', page: lazyPage(() => import('./pages/Register')) },
  { path: '/privacy', page: lazyPage(() => import('./pages/Privacy')) },
  { path: '/loading', page: lazyPage(() => import('./pages/Loading')) },
];
