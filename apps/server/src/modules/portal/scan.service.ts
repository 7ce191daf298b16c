// 扫码报修 without an account (docs/portal.md): the public page of one product, an SMS code that proves the reporter's
// mobile, the order made for the product's customer (source 4), and the follow link of that one order.
import { createOrderBody, type ScanProduct, type ScanTrack, SCAN_CODE_PURPOSE, SCAN_ORDER_SOURCE, SCAN_TRACK_PATH } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { type Db, type Executor, rows } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { randomToken, sha256 } from '../../platform/crypto';
import { service, type Deps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import type { SmsSender } from '../../platform/sms';
import { sendCode, withProvedMobile } from '../account/index';
import { productWarranty } from '../customers/index';
import { saveDataUrl } from '../files/index';
import { createOrder } from '../orders/index';
import { getSetting } from '../settings/index';
import { dropUpload } from './portal.service';
import { insertScanReport, productByCode, type ScanProductRow, trackedOrder, trackTimeline } from './scan.repo';

/** QR reports one product takes in a day: a label photographed and shared cannot flood the dispatchers. */
export const SCAN_REPORTS_PER_PRODUCT_DAY = 5;

async function enterpriseFacts(ex: Executor, ep: number) {
  const [enabled, phone] = await Promise.all([getSetting(ex, ep, 'scan_repair_enabled'), getSetting(ex, ep, 'service_phone')]);
  return { enabled: enabled !== '0', servicePhone: phone?.trim() || null };
}

async function productOf(ex: Executor, code: string): Promise<ScanProductRow> {
  const p = await productByCode(ex, code);
  if (!p) throw new AppError('VALIDATION', { detail: '二维码无效：未找到该设备，请拨打服务商电话报修' });
  return p;
}

/** What the label's page shows: the product, its warranty today, the enterprise and its service phone. */
export async function scanProduct(db: Db, code: string): Promise<ScanProduct> {
  const p = await productOf(db, code);
  const facts = await enterpriseFacts(db, p.enterprise_id);
  // The one warranty answer (customers' productWarranty), as of today in the enterprise's zone.
  const w = await productWarranty(db, p.enterprise_id, p.id, { tz: p.time_zone });
  return {
    enterpriseName: p.enterprise_name,
    ...facts,
    name: p.name,
    model: p.model,
    serialNumber: p.serial_number,
    coverage: { state: w?.state ?? 0, end: w?.end ?? null, warrantyEnd: p.warranty_end, extendedEnd: p.extended_end },
  };
}

/** The product can take a QR report now: on, with a customer, under the day's limit. */
async function assertReportable(ex: Executor, p: ScanProductRow): Promise<void> {
  if (!(await enterpriseFacts(ex, p.enterprise_id)).enabled) throw new AppError('VALIDATION', { detail: '该服务商未开启扫码报修，请拨打服务电话报修' });
  if (p.customer_id == null) throw new AppError('VALIDATION', { detail: '该设备尚未登记客户，请拨打服务电话报修' });
  const [n] = await rows<{ n: number }>(
    ex,
    sql`select count(*)::int as n from scan_reports where enterprise_id = ${p.enterprise_id} and product_id = ${p.id}
      and created_at > now() - interval '1 day'`,
  );
  if (Number(n?.n ?? 0) >= SCAN_REPORTS_PER_PRODUCT_DAY) throw new AppError('RATE_LIMITED');
}

export async function sendScanCode(deps: Deps, b: { code: string; mobile: string }): Promise<number> {
  await assertReportable(deps.db, await productOf(deps.db, b.code));
  return sendCode(deps.db, service<SmsSender>(deps, 'sms'), b.mobile, SCAN_CODE_PURPOSE);
}

/** Who the order is shown as made by: the enterprise's first administrator, as for the portal's reports. */
async function makerOf(ex: Executor, p: ScanProductRow): Promise<Actor> {
  const [u] = await rows<{ id: number }>(
    ex,
    sql`select id::int from users where enterprise_id = ${p.enterprise_id} and admin and deleted_at is null order by id limit 1`,
  );
  if (!u) throw new AppError('NOT_FOUND');
  return { id: u.id, enterpriseId: p.enterprise_id, sysrole: 1, admin: true, powers: [], providerId: null, timeZone: p.time_zone };
}

export interface ScanReportBody {
  code: string;
  mobile: string;
  smsCode: string;
  name?: string | null;
  description: string;
  photos: string[];
}

/**
 * The report: photos stored first (a bad one refuses before the code is spent), then, in the one transaction that spends
 * the SMS code, the order and its follow link. A refusal after the photos were stored drops them.
 */
export async function reportByScan(
  deps: Deps,
  b: ScanReportBody,
  ip: string,
): Promise<{ orderNo: string; token: string; url: string; enterpriseName: string }> {
  const p = await productOf(deps.db, b.code);
  await assertReportable(deps.db, p);
  const maker = await makerOf(deps.db, p);
  const files: number[] = [];
  try {
    for (const [i, data] of b.photos.entries())
      files.push((await saveDataUrl(deps, { enterpriseId: p.enterprise_id, userId: null }, data, `扫码报修照片${i + 1}`)).id);
    const token = randomToken();
    const who = b.name?.trim() || '扫码报修用户';
    const device = `${p.name}${p.model ? `（${p.model}）` : ''}${p.serial_number ? `，序列号：${p.serial_number}` : ''}`;
    const body = createOrderBody.parse({
      customerId: p.customer_id,
      title: `扫码报修：${p.name}`.slice(0, 100),
      productId: p.id,
      detailDesc: `${b.description}\n设备：${device}\n报修人：${who}，${b.mobile}`.slice(0, 2000),
      attachments: files,
      source: SCAN_ORDER_SOURCE,
      customLinkPerson: who,
      customPhone: b.mobile,
    });
    const made = await withProvedMobile(deps.db, { mobile: b.mobile, code: b.smsCode, ip }, SCAN_CODE_PURPOSE, async (tx) => {
      // The day's limit again under the code's lock: two reports at once of one mobile queue here.
      await assertReportable(tx, p);
      const o = await createOrder(tx as unknown as Db, maker, body, undefined, undefined, { requiredLater: true });
      await insertScanReport(tx, { enterpriseId: p.enterprise_id, orderId: o.id, productId: p.id, mobile: b.mobile, tokenHash: sha256(token), ip });
      return o;
    });
    return { orderNo: made.orderNo, token, url: `${SCAN_TRACK_PATH}?token=${token}`, enterpriseName: p.enterprise_name };
  } catch (err) {
    for (const id of files) await dropUpload(deps, p.enterprise_id, id);
    throw err;
  }
}

/** Texts the reporter his follow link; a failed text loses nothing (the page showed the link). */
export async function textTrackLink(deps: Deps, r: { mobile: string; text: string; token: string }, warn: (m: string) => void): Promise<void> {
  await service<SmsSender>(deps, 'sms')
    .send(r.mobile, r.text, r.token)
    .catch((err: Error) => warn(`scan report: the follow link was not texted (${err.message})`));
}

export async function trackScan(db: Db, token: string): Promise<ScanTrack> {
  const o = await trackedOrder(db, sha256(token));
  if (!o) throw new AppError('VALIDATION', { detail: '跟踪链接无效或工单已删除' });
  const facts = await enterpriseFacts(db, o.enterprise_id);
  const { enterprise_id, order_id, time_zone, enterprise_name, ...rest } = o;
  return { ...rest, enterpriseName: enterprise_name, servicePhone: facts.servicePhone, timeline: await trackTimeline(db, enterprise_id, order_id, time_zone) };
}
