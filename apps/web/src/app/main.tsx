// antd's prebuilt styles (zero-runtime theme, providers.tsx) first, so that our own stylesheets override them.
import 'antd/dist/antd.css';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import '../shell/shell.css';
import { installAntdRepairs } from '../lib/a11y';
import { registerServiceWorker } from '../lib/offline/swCache';
import { Providers } from './providers';
import { router } from './router';
import { warmUp } from './warmup';

warmUp(window.location.pathname, window.location.search);
installAntdRepairs();
registerServiceWorker();

createRoot(document.getElementById('root') as HTMLElement).render(
  <Providers>
    <RouterProvider router={router} />
  </Providers>,
);
