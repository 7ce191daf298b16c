// WeCom and DingTalk: the settings page, the app download page and the home page inside WeCom / DingTalk.
import { POWERS } from '@sk/shared/auth/powers';
import { lazyPage } from '../../lib/lazyPage';
import type { PageRoute, PublicRoute } from '../../lib/route';

export const CHANNEL_ROUTES: PageRoute[] = [
  // Reached from 系统设置's related links.
  {
    path: '/channelSetting',
    title: '企业微信与钉钉',
    page: lazyPage(() => import('./pages/ChannelSetting')),
    power: POWERS.systemSetting,
  },
];

export const CHANNEL_PUBLIC_ROUTES: PublicRoute[] = [
  // The help menu's app QR code (GET /version/info download_link) and the home page inside WeCom / DingTalk.
  { path: '/app/download', page: lazyPage(() => import('./pages/AppDownload')) },
  { path: '/embed', page: lazyPage(() => import('./pages/Embed')) },
];
