import { expect, type Page } from '@playwright/test';
import type pg from 'pg';
import { shot, test } from './helpers';
import { ADMIN, logInAt, quietGuide } from './shell.support';
import { e2eDatabase } from './sla.support';

// Every page served (issue 35): /allOrder with more orders than the 10,000-row window shows the exact number from the
// maintained totals, and its pager goes past page 1,000 (the quick jumper, then the next page), each page with rows.

const FLOW = 'deep-pages';
const EXTRA = 12_000;
const TITLE = '深页巡检工单';

let db: pg.Client;
let ep: number;

test.describe('deep pages', () => {
  test.beforeAll(async () => {
    db = await e2eDatabase();
    ep = Number((await db.query(`select enterprise_id from users where mobile = $1`, [ADMIN])).rows[0].enterprise_id);
    // Older than every demo order: newest first they fill the pages past the window.
    await db.query(
      `insert into orders (enterprise_id, order_no, title, state, customer_id, template_id, created_by, created_at)
       select o.enterprise_id, 'DEEP' || g, '${TITLE}' || g, 5, o.customer_id, o.template_id, o.created_by, timestamptz '2020-01-01' - g * interval '1 minute'
       from (select * from orders where enterprise_id = $1 and deleted_at is null order by id limit 1) o, generate_series(1, ${EXTRA}) g`,
      [ep],
    );
  });

  test.afterAll(async () => {
    // The other specs see the demo enterprise as it was. Nothing refers to these rows, so the delete skips the foreign-key
    // checks of the tables referring to orders (12,000 of them per table otherwise); the counting triggers fire always.
    await db.query('begin');
    await db.query(`set local session_replication_role = replica`);
    await db.query(`delete from orders where enterprise_id = $1 and order_no like 'DEEP%'`, [ep]);
    await db.query('commit');
    await db.end();
  });

  test.beforeEach(async ({ baseURL }) => {
    await quietGuide(baseURL!, ADMIN);
  });

  const pageAnswer = (page: Page, pageIndex: number) =>
    page.waitForResponse((r) => r.url().includes('/api/v2/order/getAllOrderList') && r.url().includes(`pageIndex=${pageIndex}&`) && r.ok());

  test('the order list counts every order and its pager goes past page 1,000', async ({ page }) => {
    const total = Number((await db.query(`select count(*)::int as n from orders where enterprise_id = $1 and deleted_at is null`, [ep])).rows[0].n);
    expect(total).toBeGreaterThan(EXTRA);
    await logInAt(page, ADMIN, '/allOrder');
    const list = page.locator('.sk-list-page:visible').first();
    await expect(list.getByText(`共 ${total} 条`)).toBeVisible();

    const jumper = list.locator('.ant-pagination-options-quick-jumper input');
    const answer = pageAnswer(page, 1149);
    await jumper.fill('1150');
    await jumper.press('Enter');
    await answer;
    await expect(list.locator('.ant-pagination-item-active')).toHaveAttribute('title', '1150');
    // Newest first: page 1,150 at 10 a page holds the orders from the 11,491st on.
    await expect(list.locator('tbody tr.ant-table-row').first()).toContainText(TITLE);
    await expect(list.locator('tbody tr.ant-table-row')).toHaveCount(10);
    await shot(page, FLOW, 'page-1150');

    const next = pageAnswer(page, 1150);
    await list.locator('.ant-pagination-next').click();
    await next;
    await expect(list.locator('.ant-pagination-item-active')).toHaveAttribute('title', '1151');
    await expect(list.locator('tbody tr.ant-table-row').first()).toContainText(TITLE);
  });
});
