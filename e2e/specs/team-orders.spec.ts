import { expect } from '@playwright/test';
import { shot, test } from './helpers';
import { ApiUser, logInAt, quietGuide } from './shell.support';

// 我的团队: the demo's 华东空调组 leader (13810000001) switches 我的工单 to his team's orders; the list is the API's
// scope=team (his members' orders), at desktop and phone width.

const FLOW = 'team-orders';
const LEADER = '13810000001';

test.describe('我的团队', () => {
  test('a service group’s leader switches 我的工单 to his team’s orders', async ({ page, baseURL }) => {
    await quietGuide(baseURL!, LEADER);
    const api = await ApiUser.login(baseURL!, LEADER);
    const team = (await (await api.api.get('/api/v2/order/getAllOrderList?scope=team&tab=all&pageIndex=0&pageSize=10')).json()) as {
      success: boolean;
      data: { count: number; list: { orderNo: string }[] };
    };
    expect(team.success).toBe(true);
    expect(team.data.count).toBeGreaterThan(0);
    await api.dispose();

    await logInAt(page, LEADER, '/myOrder');
    const listed = page.waitForResponse((r) => r.url().includes('/getAllOrderList') && r.url().includes('scope=team'));
    await page.locator('.ant-segmented').getByText('我的团队').click();
    const body = (await (await listed).json()) as { data: { count: number } };
    expect(body.data.count).toBe(team.data.count);
    await expect(page).toHaveURL(/view=team/);
    await expect(page.getByText(team.data.list[0]!.orderNo).first()).toBeVisible();
    await shot(page, FLOW, 'desktop');

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.locator('.ant-segmented').getByText('我的团队')).toBeVisible();
    await shot(page, FLOW, 'phone');
  });
});
