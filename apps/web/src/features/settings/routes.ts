// 系统设置, 字典设置 and 派单规则 (which embeds the dispatch rules).
import { lazyPage } from '../../lib/lazyPage';
import type { PageRoute } from '../../lib/route';

export const SETTINGS_ROUTES: PageRoute[] = [
  { path: '/systemSetting', title: '系统设置', page: lazyPage(() => import('./pages/SystemSetting')) },
  { path: '/dictionarySettings', title: '字典设置', page: lazyPage(() => import('./pages/DictionarySettings')), keepAlive: true },
];
