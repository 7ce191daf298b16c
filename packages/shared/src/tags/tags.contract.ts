import { z } from 'zod';
import { coerceInt } from '../common/ints';
import { POWERS } from '../auth/powers';
import { endpoint } from '../common/contract';
import { id, L } from '../common/zod';
import { idArray } from '../settings/fields';
import { COLOR_RGB, LINK_TAG_CODES, TAG_CODE_IDS, TAG_NAME_MAX } from './tags.constants';

const tagCode = L(
  coerceInt('smallint').refine((n) => (TAG_CODE_IDS as number[]).includes(n), '只能是1（人员状态）、3（工单）、4（客户）或6（事件）'),
  '标签类型',
);
const linkCode = L(
  coerceInt('smallint').refine((n) => (LINK_TAG_CODES as readonly number[]).includes(n), '只能是3（工单）、4（客户）或6（事件）'),
  '标签类型',
);
const tagName = L(z.string().trim().min(1, '请输入标签名称').max(TAG_NAME_MAX, `标签名称不能超过${TAG_NAME_MAX}个字`), '标签名称');
const color = L(z.string().trim().regex(COLOR_RGB, '请选择颜色（如 #1890ff）'), '标签颜色');
const ids = (label: string, max: number) => L(idArray('请至少选择一项', max), label);

export const tagSchema = z.object({ id: z.number(), code: z.number(), name: z.string(), color_rgb: z.string(), sort: z.number(), create_time: z.string() });
export type Tag = z.infer<typeof tagSchema>;
export const statusTagSchema = z.object({ id: z.number(), name: z.string(), color_rgb: z.string() });

/** id or ids (comma list), in the query or the body: the spec sends delete "with params". */
const idOrIds = z.object({ id: L(id.optional(), '标签'), ids: L(idArray('请选择需要删除的标签').optional(), '标签') });

export const tagsContract = {
  list: endpoint({ method: 'GET', path: '/v2/epTag/list', query: z.object({ code: tagCode }), response: z.array(tagSchema) }),
  detail: endpoint({ method: 'GET', path: '/v2/epTag', query: z.object({ id: L(id, '标签') }), response: tagSchema }),
  create: endpoint({
    method: 'POST',
    path: '/v2/epTag',
    power: POWERS.tagManage,
    plan: 'tags',
    body: z.object({ code: tagCode, name: tagName, color_rgb: color }),
    response: z.object({ id: z.number() }),
  }),
  update: endpoint({
    method: 'PUT',
    path: '/v2/epTag',
    power: POWERS.tagManage,
    plan: 'tags',
    body: z.object({ id: L(id, '标签'), name: tagName, color_rgb: color }),
    response: z.null(),
  }),
  remove: endpoint({ method: 'DELETE', path: '/v2/epTag', power: POWERS.tagManage, plan: 'tags', query: idOrIds, body: idOrIds, response: z.null() }),
  /** Attaches every tag to every object; objects are orders (3), customers (4) or events (6). */
  batchAdd: endpoint({
    method: 'POST',
    path: '/v2/epTag/batchAddTagByObj',
    plan: 'tags',
    body: z.object({ code: linkCode, tagIds: ids('标签', 50), objIds: ids('对象', 500) }),
    response: z.null(),
  }),
  batchRemove: endpoint({
    method: 'DELETE',
    path: '/v2/epTag/batchRemoveTagByObj',
    plan: 'tags',
    body: z.object({ code: linkCode, tagIds: ids('标签', 50), objIds: ids('对象', 500) }),
    response: z.null(),
  }),
  /** The caller's availability status (a code-1 tag). */
  updateUserStateTag: endpoint({
    method: 'PUT',
    path: '/v2/epTag/updateUserStateTag',
    power: POWERS.statusSet,
    plan: 'statusSetting',
    body: z.object({ tagId: L(id, '状态') }),
    response: z.null(),
  }),
  getUserStateLabel: endpoint({
    method: 'GET',
    path: '/v2/epTag/getUserStateLabel',
    response: z.object({ current: statusTagSchema.nullable(), list: z.array(statusTagSchema) }),
  }),
};
