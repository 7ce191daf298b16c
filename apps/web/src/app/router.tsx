import { Suspense } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { BuiltPagesContext } from '../shell/builtPages';
import { Layout } from '../shell/Layout';
import { PageGuard } from '../shell/PageGuard';
import { PageFallback, RouteError } from '../shell/PageFallback';
import { SessionGate } from '../shell/SessionGate';
import { hasPage, layoutRoutes, PUBLIC_ROUTES } from './routes';

export const HOME_PATH = '/guideOne';

function buildRoutes(): RouteObject[] {
  const publicRoutes: RouteObject[] = PUBLIC_ROUTES.map(({ path, page: Page }) => ({
    path,
    errorElement: <RouteError />,
    element: (
      <Suspense fallback={<PageFallback />}>
        <Page />
      </Suspense>
    ),
  }));
  const children: RouteObject[] = layoutRoutes().map((r) => ({
    path: r.path,
    handle: r,
    element: <PageGuard route={r} />,
    errorElement: <RouteError />,
  }));
  return [
    ...publicRoutes,
    {
      path: '/',
      errorElement: <RouteError />,
      element: (
        <BuiltPagesContext.Provider value={hasPage}>
          <SessionGate>
            <Layout />
          </SessionGate>
        </BuiltPagesContext.Provider>
      ),
      children: [{ index: true, element: <Navigate to={HOME_PATH} replace /> }, ...children, { path: '*', element: <Navigate to="/Error404" replace /> }],
    },
  ];
}

export const router = createBrowserRouter(buildRoutes());
