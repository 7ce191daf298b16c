// Test helpers for the widget tests (jsdom): the providers the app gives every page, and the browser APIs antd expects.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { bindToast } from './toast';

if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!window.ResizeObserver) {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}
// jsdom cannot compute pseudo-element styles; antd asks for them when measuring scrollbars
const computed = window.getComputedStyle.bind(window);
window.getComputedStyle = (el: Element) => computed(el);

/** Toasts render inside the tested tree (as the shell does with antd's App), so cleanup() removes them. */
function BindToast({ children }: { children: ReactNode }) {
  bindToast(App.useApp().message);
  return <>{children}</>;
}

/** Renders inside the app's providers (also on rerender): zh_CN antd with App, a fresh query client (or `client`), a router at `path`. */
export function renderWithApp(ui: ReactElement, path = '/test', client = new QueryClient({ defaultOptions: { queries: { retry: false } } })) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ConfigProvider locale={zhCN}>
      <App>
        <BindToast>
          <QueryClientProvider client={client}>
            <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
          </QueryClientProvider>
        </BindToast>
      </App>
    </ConfigProvider>
  );
  return render(ui, { wrapper });
}

/** A promise the test settles by hand, to look at a component while its work is pending. */
export function deferred() {
  let resolve!: () => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
