import { accountContract } from '@sk/shared/account/account.contract';
import { App, Button } from 'antd';
import { useEffect } from 'react';
import { call } from '../lib/api';
import { cache } from '../lib/cache';
import { MOUNT_DELAY_MS } from './NoviceGuide';

const VERSION_KEY = 'appVersion';

/** Compares /version/info with the version cached at the last visit and offers a reload when it changed. */
export function VersionNotice() {
  const { notification } = App.useApp();
  useEffect(() => {
    const t = setTimeout(async () => {
      const info = await call(accountContract.versionInfo, undefined, { silent: true }).catch(() => null);
      if (!info) return;
      const seen = cache.get<{ version: string }>(VERSION_KEY);
      cache.set(VERSION_KEY, { version: info.version });
      if (!seen || seen.version === info.version) return;
      notification.info({
        key: 'version',
        title: '版本更新',
        description: `服务管家已更新至 ${info.version}，刷新页面即可使用新版本。`,
        duration: 0,
        actions: (
          <Button type="primary" size="small" onClick={() => window.location.reload()}>
            立即刷新
          </Button>
        ),
      });
    }, MOUNT_DELAY_MS);
    return () => clearTimeout(t);
  }, [notification]);
  return null;
}
