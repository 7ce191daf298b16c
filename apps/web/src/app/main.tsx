// First the start-up requests (boot.ts); then antd's prebuilt styles (zero-runtime theme, providers.tsx), before
// our own stylesheets so that ours override them.
import './boot';
import 'antd/dist/antd.css';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import '../shell/shell.css';
import { installAntdRepairs } from '../lib/a11y';
import { firstPageReady } from '../lib/firstPage';
import { registerServiceWorker } from '../lib/offline/swCache';
import { Providers } from './providers';
import { router } from './router';
import { fillAppSlots } from './slots';

installAntdRepairs();
registerServiceWorker();
fillAppSlots();

// The first render waits for the opening page's code and first page (boot.ts asks for them; at most 3 s), index.html
// showing a spinner meanwhile: a render before them (the session gate's spinner) kept the main thread from handling
// their arrival on a slow phone, and the shell rendered again when they came.
const root = createRoot(document.getElementById('root') as HTMLElement);
void firstPageReady().then(() =>
  root.render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  ),
);
