// 群机器人: its 保存 waits for the saved robot, so an empty form cannot be saved over its address and secret.
import type { SessionUserInfo } from '@sk/shared/account/account.contract';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, renderWithApp, stubApi } from '../../components/testing';
import { setSessionUser } from '../../lib/session';
import { NotifySettings } from './NotifySettings';

let robotHeld: Promise<void> = Promise.resolve();
let asked: string[] = [];
beforeEach(() => {
  setSessionUser({ id: 3, name: '管理员', sysrole: 3, admin: true, powers: [], isChargeUser: 1 } as unknown as SessionUserInfo);
  asked = stubApi({
    '/v2/enterprise/set': async () => {
      await robotHeld;
      return { robotType: 1, robotUrl: 'https://oapi.dingtalk.com/robot/send?access_token=x', hasSecret: true };
    },
    deliver: { list: [], count: 0 },
  }).asked;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setSessionUser(null);
});

describe('群机器人', () => {
  it('saves only once the saved robot has loaded, and shows it', async () => {
    const held = deferred();
    robotHeld = held.promise;
    renderWithApp(<NotifySettings />, '/notifySettings');
    const card = () => screen.getByText('群机器人').closest('.ant-card') as HTMLElement;
    const save = () => within(card()).getByRole('button', { name: /^保\s?存$/ });
    await vi.waitFor(() => expect(asked.some((a) => a.includes('/v2/enterprise/set'))).toBe(true));
    expect(save()).toHaveProperty('disabled', true);
    held.resolve();
    await vi.waitFor(() => expect(save()).toHaveProperty('disabled', false));
    // The form takes the saved robot in an effect after the answer renders: wait for it, not for the same render.
    expect(await within(card()).findByDisplayValue('https://oapi.dingtalk.com/robot/send?access_token=x')).toBeTruthy();
  });
});
