import { expect, type Page } from '@playwright/test';
import { shot, test } from './helpers';
import { ADMIN, ApiUser, DISPATCHER, logInAt, quietGuide, demoOrder, dispatchAndWork } from './shell.support';

// Return visits: the administrator sets the demo plan to visit two days after completion; the engineer
// completes two orders; no task yet; on a test clock two days ahead (the dev sweep) the tasks appear for 周回访
// (13800000007); she calls on the first and records 回访不通过 with a reason, which opens a
// follow-up order the dispatcher sees; the second goes out by SMS and the customer answers on the survey page at phone
// width; the report shows both; the failed visit's complaint is in the complaint list, whose quality report draws a chart.

const FLOW = 'visits';
const VISITOR = '13800000007';
const PHONE = { width: 390, height: 844 };
const page$ = (page: Page) => page.locator('.sk-page:visible');

/** An order of a demo customer (required fields filled), dispatched to the engineer and completed by him. */
async function completedOrder(baseURL: string, title: string): Promise<number> {
  const id = await demoOrder(baseURL, title, { customPhone: '13912340007' });
  await dispatchAndWork(baseURL, id, ['/order/accept', '/order/startService', '/order/serviceComplete']);
  return id;
}

/** The visitor's task on an order, once the sweep has made it. */
async function taskOf(visitor: ApiUser, orderNo: string): Promise<{ id: number; orderNo: string }> {
  let found: { id: number; orderNo: string } | undefined;
  await expect
    .poll(
      async () => {
        const r = await visitor.get(`/v2/returnvisitTask/myList?pageIndex=0&pageSize=10&orderNo=${orderNo}`);
        found = r.data?.list?.[0];
        return found?.orderNo ?? null;
      },
      { timeout: 90_000, intervals: [1000, 2000, 5000] },
    )
    .toBe(orderNo);
  return found as { id: number; orderNo: string };
}

test.describe('return visits', () => {
  test('plan → completion → task for 周回访 → not passed opens a follow-up; SMS survey at phone width; the report shows both', async ({
    browser,
    baseURL,
    page,
  }) => {
    test.setTimeout(240_000);
    await quietGuide(baseURL!, ADMIN);
    await quietGuide(baseURL!, VISITOR);
    await quietGuide(baseURL!, DISPATCHER);

    // 1. The administrator sets the demo plan to visit two days after completion, without a customer interval.
    await logInAt(page, ADMIN, '/returnVisitPlan');
    await expect(page$(page).getByText('完工满意度回访')).toBeVisible();
    await shot(page, FLOW, '01-plans');
    await page$(page).getByRole('link', { name: '完工满意度回访' }).click();
    await expect(page).toHaveURL(/\/returnVisitPlan\/edit\/\d+$/);
    await page$(page).getByLabel('延迟时长').fill('2');
    await page$(page).getByLabel('同一客户最小间隔（天）').fill('0');
    await shot(page, FLOW, '02-plan-edit');
    await page$(page)
      .getByRole('button', { name: /保\s*存/ })
      .click();
    await expect(page).toHaveURL(/\/returnVisitPlan$/);
    await expect(page$(page).getByText('2天').first()).toBeVisible();

    // 2. The engineer completes two orders.
    const stamp = String(Date.now()).slice(-6);
    const first = await completedOrder(baseURL!, `回访测试甲${stamp}`);
    const second = await completedOrder(baseURL!, `回访测试乙${stamp}`);
    const admin = await ApiUser.login(baseURL!, ADMIN);
    const orderNo = async (id: number) => (await admin.get(`/order/orderDetail?orderId=${id}`)).data.orderNo as string;
    const [noA, noB] = [await orderNo(first), await orderNo(second)];

    // 3. No task before the plan's delay; on the test clock two days ahead the tasks appear for 周回访; she opens the
    // first, the call timer runs, she records 回访不通过 with a reason.
    const visitorApi = await ApiUser.login(baseURL!, VISITOR);
    // (Other orders of the demo may come due on the clock: only these two are looked at.)
    const early = await admin.send('POST', '/v2/returnvisitTask/dev/sweep', { minutes: 2 * 1440 - 10 });
    expect(early.success, early.message).toBe(true);
    for (const no of [noA, noB]) expect((await visitorApi.get(`/v2/returnvisitTask/myList?pageIndex=0&pageSize=10&orderNo=${no}`)).data.count).toBe(0);
    const due = await admin.send('POST', '/v2/returnvisitTask/dev/sweep', { minutes: 2 * 1440 + 1 });
    expect(due.data.made, due.message).toBeGreaterThanOrEqual(2);
    const taskA = await taskOf(visitorApi, noA);
    const taskB = await taskOf(visitorApi, noB);
    const ctx = await browser.newContext();
    const vp = await ctx.newPage();
    await logInAt(vp, VISITOR, '/returnVisitOrder');
    await expect(page$(vp).getByRole('link', { name: noA })).toBeVisible();
    await shot(vp, FLOW, '03-my-visits');
    await page$(vp).getByRole('link', { name: noA }).click();
    await expect(vp).toHaveURL(new RegExp(`/returnVisitOrder/ReturnVisitTaskDetail/${taskA.id}$`));
    await expect(page$(vp).getByTestId('call-timer')).toContainText('通话计时 00:0');
    await page$(vp).getByText('回访不通过', { exact: true }).click();
    await page$(vp).getByRole('combobox').first().click();
    await vp.getByTitle('问题未解决').click();
    await page$(vp).getByLabel('回访备注').fill('客户反映空调仍然不制冷');
    await shot(vp, FLOW, '04-visit-form');
    await page$(vp).getByRole('button', { name: '提交回访' }).click();
    await expect(page$(vp).getByText('跟进工单')).toBeVisible();
    await shot(vp, FLOW, '05-not-passed');
    const detail = await visitorApi.get(`/v2/returnvisitTask/detail?taskId=${taskA.id}`);
    expect(detail.data).toMatchObject({ state: 2, reason: '问题未解决' });
    const followUp = detail.data.followUpOrderId as number;

    // 4. The dispatcher sees the follow-up order.
    const dctx = await browser.newContext();
    const dp = await dctx.newPage();
    await logInAt(dp, DISPATCHER, `/allOrder/orderDetail/${followUp}`);
    await expect(page$(dp).getByText(`回访不通过：回访测试甲${stamp}`).first()).toBeVisible();
    await shot(dp, FLOW, '06-follow-up-for-dispatcher');
    // It waits as a new order (待受理 or 待派单 by its process) at the top of the dispatcher's 全部工单.
    const dispatcherApi = await ApiUser.login(baseURL!, DISPATCHER);
    const follow = await dispatcherApi.get(`/order/orderDetail?orderId=${followUp}`);
    expect([0, 1]).toContain(follow.data.state);
    await dispatcherApi.dispose();
    await dp.goto('/allOrder');
    await expect(page$(dp).getByText(`回访不通过：回访测试甲${stamp}`).first()).toBeVisible();
    await shot(dp, FLOW, '06b-follow-up-in-all-orders');

    // 5. The second task by SMS: the customer answers on the survey page at phone width.
    const sent = await visitorApi.send('POST', '/v2/returnvisitTask/sendSms', { taskId: taskB.id });
    expect(sent.success, sent.message).toBe(true);
    const outbox = await (await visitorApi.api.get(`/api/stand/dev/outbox?mobile=${sent.data.mobile}`)).json();
    const token = outbox.data.code as string;
    const phoneCtx = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
    const customer = await phoneCtx.newPage();
    await customer.goto(`/returnVisitSurvey?token=${token}`);
    await expect(customer.getByText(`回访测试乙${stamp}`)).toBeVisible();
    for (const name of ['服务质量', '服务态度', '服务速度', '问题解决率']) {
      await customer.locator('.ant-form-item').filter({ hasText: name }).locator('.ant-rate-star').nth(4).click();
    }
    await customer.getByLabel('您的意见或建议').fill('师傅很专业');
    await shot(customer, FLOW, '07-survey-phone');
    await customer.getByRole('button', { name: /提\s*交\s*评\s*价/ }).click();
    await expect(customer.getByText('提交成功，感谢您的评价')).toBeVisible();
    await shot(customer, FLOW, '08-survey-done');
    await customer.goto(`/returnVisitSurvey?token=${token}`);
    await expect(customer.getByText('您已提交过评价，感谢您的反馈')).toBeVisible();
    expect((await visitorApi.get(`/v2/returnvisitTask/detail?taskId=${taskB.id}`)).data).toMatchObject({ state: 3, channel: 2 });

    // 6. The report shows both.
    await vp.goto('/returnVisitReport');
    const total = page$(vp).locator('.ant-table-row').filter({ hasText: '合计' });
    await expect(total).toBeVisible();
    await expect(page$(vp).getByTestId('visit-chart')).toBeVisible();
    await expect(page$(vp).locator('.ant-table-row').filter({ hasText: '完工满意度回访' }).getByText('问题未解决')).toBeVisible();
    await shot(vp, FLOW, '09-report');

    // 7. The failed visit opened a complaint; the quality-analysis report under the complaint list draws its chart.
    await page.goto('/customerComplaintList');
    await expect(page$(page).getByText(`回访不通过：回访测试甲${stamp}`)).toBeVisible();
    await expect(page$(page).getByTestId('quality-chart')).toBeVisible();
    await shot(page, FLOW, '10-complaint-and-quality-chart');
    await Promise.all([ctx.close(), dctx.close(), phoneCtx.close(), admin.dispose(), visitorApi.dispose()]);
  });
});
