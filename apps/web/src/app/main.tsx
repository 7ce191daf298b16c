import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import '../shell/shell.css';
import { Providers } from './providers';
import { router } from './router';

createRoot(document.getElementById('root') as HTMLElement).render(
  <Providers>
    <RouterProvider router={router} />
  </Providers>,
);
