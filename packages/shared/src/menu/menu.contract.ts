import { z } from 'zod';
import { coerceInt } from '../common/ints';
import { ALL_POWERS } from '../auth/powers';
import { endpoint } from '../common/contract';
import { pageQuery } from '../common/pagination';
import { choiceMessage, idList, L } from '../common/zod';
import { badgeCountContract } from './badge.contract';

/** One clickable menu entry as GET /v2/menu/listV2 answers it. */
export const menuEntrySchema = z.object({
  id: z.number(),
  /** Built-in: the page's router name; custom: DIY|{parentId}|{id}. */
  routerName: z.string(),
  name: z.string(),
  icon: z.string(),
  parentId: z.number(),
  /** 0 external link (open `url`), 1 detail form, 2 list. */
  form_type: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  /** Web route ('' for external links). */
  path: z.string(),
  /** External link target (form_type 0), otherwise null. */
  url: z.string().nullable(),
  /** Seats exceeded on a paid plan: shown greyed, page refuses. */
  disabled: z.boolean(),
  /** Free plan: shown with a lock; clicking shows `lockNotice`. */
  locked: z.boolean(),
  lockNotice: z.string().nullable(),
  /** GET path (without /api, with its query) answering the entry's badge count; absent on the free plan. */
  badge: z.string().optional(),
  custom: z.boolean(),
});
export type MenuEntryView = z.infer<typeof menuEntrySchema>;

export const menuTopSchema = z.object({ id: z.number(), routerName: z.string(), name: z.string(), icon: z.string(), path: z.string() });

export const menuGroupSchema = z.object({
  id: z.number(),
  routerName: z.string(),
  name: z.string(),
  icon: z.string(),
  children: z.array(menuEntrySchema),
});
export type MenuGroupView = z.infer<typeof menuGroupSchema>;

export const menuListSchema = z.object({
  home: menuTopSchema,
  /** Null without sh_system_setting. */
  systemSetting: menuTopSchema.nullable(),
  /** Groups the user may see, empty ones dropped; service-provider users (user_type 1) get one provider group. */
  groups: z.array(menuGroupSchema),
  /** Seats exceeded on a paid plan: the warning the disabled pages show. */
  versionMessage: z.string().nullable(),
});
export type MenuList = z.infer<typeof menuListSchema>;

/** A custom menu entry as the admin screens edit it. */
export const customMenuSchema = z.object({
  id: z.number(),
  name: z.string(),
  parentId: z.number(),
  form_type: z.number(),
  url: z.string().nullable(),
  power: z.string().nullable(),
  sort: z.number(),
  enabled: z.boolean(),
  routerName: z.string(),
  create_time: z.string(),
});
export type CustomMenu = z.infer<typeof customMenuSchema>;

const customMenuFields = {
  name: L(z.string().trim().min(1, '请输入菜单名称').max(20, '菜单名称不能超过20个字'), '菜单名称'),
  parentId: L(z.coerce.number().int().min(1, '请选择所属分组').max(8, '请选择所属分组'), '所属分组'),
  form_type: L(
    coerceInt('smallint').pipe(z.union([z.literal(0), z.literal(1), z.literal(2)], choiceMessage('菜单类型', ['外部链接', '详情表单', '列表']))),
    '菜单类型',
  ),
  url: L(z.string().trim().max(500, '链接地址不能超过500个字符').nullish(), '链接地址'),
  power: L(
    z
      .string()
      .trim()
      .nullish()
      .refine((p) => !p || ALL_POWERS.includes(p), '权限编码不存在'),
    '权限编码',
  ),
  sort: L(z.coerce.number().int().min(0, '排序不能小于0').max(9999, '排序不能大于9999').default(0), '排序'),
  enabled: L(z.boolean().default(true), '启用'),
};

const externalNeedsUrl = (b: { form_type?: number; url?: string | null }) => b.form_type !== 0 || !!b.url;
/** An external link's url: required, http(s). */
export const CUSTOM_MENU_URL_MESSAGE = '外部链接需填写以http://或https://开头的链接地址';
const HTTP_URL = /^https?:\/\//;
const urlRule = { message: CUSTOM_MENU_URL_MESSAGE, path: ['url'] };
const urlShape = (b: { url?: string | null }) => !b.url || HTTP_URL.test(b.url);
/** An external link's url as the refines check it, on its own for the web's rules: required, http(s), the field's limit. */
export const externalMenuUrl = L(
  z.string({ error: CUSTOM_MENU_URL_MESSAGE }).trim().regex(HTTP_URL, CUSTOM_MENU_URL_MESSAGE).pipe(customMenuFields.url.unwrap().unwrap()),
  '链接地址',
);

export const customMenuBody = z.object(customMenuFields).refine(externalNeedsUrl, urlRule).refine(urlShape, urlRule);
export const customMenuUpdateBody = z
  .object({ id: L(coerceInt('bigint').positive(), '菜单'), ...customMenuFields })
  .refine(externalNeedsUrl, urlRule)
  .refine(urlShape, urlRule);

/** The power of the custom-menu screen (自定义菜单, a settings entry) and its API. */
export const CUSTOM_MENU_POWER = 'menu_CustomMenu';

export const menuContract = {
  listV2: endpoint({ method: 'GET', path: '/v2/menu/listV2', response: menuListSchema }),
  customList: endpoint({
    method: 'GET',
    path: '/v2/menu/custom/list',
    power: CUSTOM_MENU_POWER,
    query: pageQuery.extend({ parentId: L(z.coerce.number().int().min(1).max(8).optional(), '所属分组') }),
    response: z.object({ list: z.array(customMenuSchema), count: z.number() }),
  }),
  customSave: endpoint({ method: 'POST', path: '/v2/menu/custom', power: CUSTOM_MENU_POWER, body: customMenuBody, response: customMenuSchema }),
  customUpdate: endpoint({ method: 'PUT', path: '/v2/menu/custom', power: CUSTOM_MENU_POWER, body: customMenuUpdateBody, response: customMenuSchema }),
  customDelete: endpoint({
    method: 'DELETE',
    path: '/v2/menu/custom',
    power: CUSTOM_MENU_POWER,
    body: z.object({
      ids: L(
        idList.refine((a) => a.length > 0, '请选择需要删除的行'),
        '菜单',
      ),
    }),
    response: z.object({ deleted: z.number() }),
  }),
  ...badgeCountContract,
};
