// 扫码报修 without an account (docs/portal.md): a product's QR label opens a public page for that one product, where
// anyone reports a fault with a mobile proved by an SMS code, and follows that one order by the link he is given.
import { z } from 'zod';
import { endpoint } from '../common/contract';
import { L, mobile } from '../common/zod';
import { coverageSchema } from '../commerce/commerce.contract';
import { optionalText, requiredText } from '../customers/fields';
import { dataUrl } from './portal.contract';

/** Order source of a fault reported from a product's QR label without an account (ORDER_SOURCES 4). */
export const SCAN_ORDER_SOURCE = 4;
/** Where the follow link of a QR report lands (the token in the query). */
export const SCAN_TRACK_PATH = '/portal/track';
/** Photos one QR report may carry. */
export const SCAN_MAX_PHOTOS = 3;
/** The SMS code's purpose for a QR report (sms_codes.purpose). */
export const SCAN_CODE_PURPOSE = 'scan';

const qrCode = L(z.string().trim().min(1, '二维码不正确').max(64, '二维码不正确'), '二维码');
const photo = dataUrl('照片');
const trackToken = L(z.string().trim().min(20, '链接不正确').max(100, '链接不正确'), '跟踪链接');

/** What a stranger may see of a product: what is on its label and its warranty, nothing of its owner. */
export const scanProduct = z.object({
  enterpriseName: z.string(),
  /** 服务电话 (setting service_phone), or null when the enterprise has not set one. */
  servicePhone: z.string().nullable(),
  /** 扫码报修 is on (setting scan_repair_enabled). */
  enabled: z.boolean(),
  name: z.string(),
  model: z.string().nullable(),
  serialNumber: z.string().nullable(),
  coverage: coverageSchema,
});
export type ScanProduct = z.infer<typeof scanProduct>;

export const scanTrack = z.object({
  enterpriseName: z.string(),
  servicePhone: z.string().nullable(),
  orderNo: z.string(),
  title: z.string(),
  state: z.number(),
  productName: z.string().nullable(),
  engineerName: z.string().nullable(),
  appointment: z.string().nullable(),
  finishTime: z.string().nullable(),
  create_time: z.string(),
  timeline: z.array(z.object({ state: z.number(), label: z.string(), create_time: z.string() })),
});
export type ScanTrack = z.infer<typeof scanTrack>;

export const scanContract = {
  product: endpoint({
    method: 'GET',
    path: '/portal/scan/product',
    auth: 'public',
    query: z.object({ code: qrCode }),
    response: scanProduct,
  }),
  /** Sends a 6-digit code to the reporter's mobile (once a minute per mobile). */
  sendCode: endpoint({
    method: 'POST',
    path: '/portal/scan/code',
    auth: 'public',
    body: z.object({ code: qrCode, mobile: L(mobile, '手机号') }),
    response: z.object({ seconds: z.number() }),
  }),
  report: endpoint({
    method: 'POST',
    path: '/portal/scan/report',
    auth: 'public',
    body: z.object({
      code: qrCode,
      mobile: L(mobile, '手机号'),
      smsCode: L(
        z
          .string()
          .trim()
          .regex(/^\d{6}$/, '请输入6位验证码'),
        '验证码',
      ),
      name: optionalText('联系人', 50),
      description: requiredText('故障描述', 500),
      photos: L(z.array(photo).max(SCAN_MAX_PHOTOS, `照片最多${SCAN_MAX_PHOTOS}张`).default([]), '照片'),
    }),
    response: z.object({ orderNo: z.string(), token: z.string() }),
  }),
  track: endpoint({
    method: 'GET',
    path: '/portal/scan/track',
    auth: 'public',
    query: z.object({ token: trackToken }),
    response: scanTrack,
  }),
};
