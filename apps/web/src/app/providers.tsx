import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { type ReactNode, useEffect } from 'react';
import { configureApi } from '../lib/api';
import { queryClient } from '../lib/query';
import { getSessionUser, loadSessionUser } from '../lib/session';
import { bindToast, toast } from '../components/toast';
import { router } from './router';
import { A11Y_TOKENS } from './theme';

dayjs.locale('zh-cn');

// The request client's links to the rest of the app (the app shell's session header is set by boot.ts, before the
// first call).
configureApi({
  csrfToken: () => getSessionUser()?.csrfToken,
  refreshSession: () => {
    loadSessionUser({ silent: true }).catch(() => {});
  },
  navigate: (path) => {
    router.navigate(path);
  },
  toast: (kind, text) => toast[kind](text),
});

/**
 * antd's styles come from its prebuilt stylesheet (antd/dist/antd.css, imported first in main.tsx so ours override it)
 * instead of being generated in the browser for every component on its first render, a large part of the first
 * screen's CPU time.
 */
const THEME = { token: { ...A11Y_TOKENS, borderRadius: 4, motion: !prefersReducedMotion() }, zeroRuntime: true };

/**
 * No animations for a user whose system asks for less motion (an accessibility setting; the browser tests ask too: a
 * click in a dialog still zooming in could land beside its button on a busy machine).
 */
function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && !!window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
}

/** Toasts go through antd's App context so they follow the theme (2000 ms, components/toast.ts). */
function ToastBridge() {
  const { message } = AntApp.useApp();
  useEffect(() => {
    bindToast(message);
  }, [message]);
  return null;
}

/** Notices open below the 52 px header: one telling the user to open the download centre must not cover its button. */
const NOTICE_TOP = 64;

export function Providers({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} theme={THEME}>
      <AntApp message={{ maxCount: 3 }} notification={{ top: NOTICE_TOP }}>
        <ToastBridge />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
