import { z } from 'zod';
import { POWERS } from '../auth/powers';
import { endpoint } from '../common/contract';
import { L } from '../common/zod';

/** Comma-joined codes ('a,b') or an array. */
const codeList = z.preprocess(
  (v) =>
    typeof v === 'string'
      ? v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : v,
  z.array(z.string().min(1).max(64)).max(100, '一次最多100项'),
);
const settingCode = L(z.string().trim().min(1, '请指定设置项').max(64), '设置项');

export const settingItemSchema = z.object({ code: z.string(), value: z.string() });
export type SettingItem = z.infer<typeof settingItemSchema>;

export const settingInfoSchema = settingItemSchema.extend({
  group: z.string(),
  descri: z.string(),
  type: z.enum(['bool', 'int', 'enum', 'text', 'url', 'secret']),
  default: z.string(),
  /** The enterprise has changed it from the default. */
  changed: z.boolean(),
  min: z.number().optional(),
  max: z.number().optional(),
  options: z.array(z.string()).optional(),
  /** Free-locked feature key: switching it on needs a paid plan. */
  plan: z.string().optional(),
});

export const settingsContract = {
  getByCode: endpoint({ method: 'GET', path: '/systemsetting/getByCode', query: z.object({ code: settingCode }), response: settingItemSchema }),
  getByCodes: endpoint({
    method: 'GET',
    path: '/systemsetting/getByCodes',
    query: z.object({ codes: L(codeList.pipe(z.array(z.string()).min(1, '请指定设置项')), '设置项') }),
    response: z.array(settingItemSchema),
  }),
  list: endpoint({ method: 'GET', path: '/systemsetting/list', response: z.array(settingInfoSchema) }),
  /** [{code, value}]: the service checks every item against the catalogue first; one bad item refuses the whole batch. */
  batchSave: endpoint({
    method: 'POST',
    path: '/systemsetting/batchsave',
    power: POWERS.systemSetting,
    body: z
      .array(z.object({ code: settingCode, value: L(z.unknown(), '设置值') }), '请提交设置项列表')
      .min(1, '请提交要保存的设置')
      .max(100, '一次最多保存100项'),
    response: z.null(),
  }),
  /** Back to the defaults: the given codes, or every setting when none are given. */
  recovery: endpoint({
    method: 'POST',
    path: '/systemsetting/recovery',
    power: POWERS.systemSetting,
    body: z.object({ codes: L(codeList.optional(), '设置项') }),
    response: z.null(),
  }),
};
