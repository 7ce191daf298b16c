import type { SessionUserInfo } from '@sk/shared';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../components/testing';
import { setSessionUser } from '../lib/session';
import { GuardPage } from './pages/StandalonePage';
import { UserMenu } from './UserMenu';

// Inside the enterprise chat clients (docs/channels.md) the client owns the login, so 退出登录 is not
// offered, neither in the header's user menu nor on the full-screen guard pages. In a browser (the personal WeChat one
// included, which is not an enterprise client) it is.

const AGENTS = {
  wecom:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 wxwork/4.1.10 MicroMessenger/7.0.1 Language/zh ColorScheme/Light',
  wecomDesktop:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/86.0.4240.198 Safari/537.36 wxwork/4.1.16 (MicroMessenger/6.2) WindowsWechat',
  dingtalk:
    'Mozilla/5.0 (Linux; U; Android 13; zh-CN; V2227A Build/TP1A.220624.014) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/100.0.4896.58 Mobile Safari/537.36 AliApp(DingTalk/7.0.40) com.alibaba.android.rimet/34580 Channel/700159 language/zh-CN',
  chrome: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  wechat:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN',
};

function as(agent: string) {
  vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(agent);
  setSessionUser({ id: 1, name: '派单员', roleName: '管理员', sysrole: 1, powers: [], isChargeUser: 1 } as unknown as SessionUserInfo);
}

/** Opens the user menu and waits for its entries, so an absent 退出登录 is absent from an open menu, not a closed one. */
async function openMenu() {
  renderWithApp(<UserMenu />);
  fireEvent.click(screen.getByRole('button', { name: '用户菜单' }));
  await screen.findByText('切换角色');
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  setSessionUser(null);
});

describe('退出登录 inside the enterprise chat clients', () => {
  it.each([
    ['WeCom on a phone', AGENTS.wecom],
    ['WeCom on a computer', AGENTS.wecomDesktop],
    ['DingTalk', AGENTS.dingtalk],
  ])('%s: the user menu has no 退出登录 (its other entries stay)', async (_, agent) => {
    as(agent);
    await openMenu();
    expect(screen.getByText('清除缓存')).toBeTruthy();
    expect(screen.queryByText('退出登录')).toBeNull();
  });

  it.each([
    ['an ordinary browser', AGENTS.chrome],
    ["WeChat's own browser (not an enterprise client)", AGENTS.wechat],
  ])('%s: the user menu offers 退出登录', async (_, agent) => {
    as(agent);
    await openMenu();
    expect(screen.getByText('退出登录')).toBeTruthy();
  });

  it('the guard pages: no 退出登录 button in WeCom or DingTalk, one in a browser', () => {
    for (const [agent, shown] of [
      [AGENTS.wecom, false],
      [AGENTS.dingtalk, false],
      [AGENTS.chrome, true],
    ] as const) {
      as(agent);
      renderWithApp(<GuardPage status="403" title="无权访问" subTitle="没有这个页面的权限" />);
      expect(screen.getByText('无权访问')).toBeTruthy();
      expect(screen.queryByRole('button', { name: '退出登录' }) !== null).toBe(shown);
      cleanup();
      vi.restoreAllMocks();
    }
  });
});
