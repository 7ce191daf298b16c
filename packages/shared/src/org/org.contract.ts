import { z } from 'zod';
import { POWERS } from '../auth/powers';
import { endpoint } from '../common/contract';
import { pageQuery } from '../common/pagination';
import { choiceMessage, id, L, mobile } from '../common/zod';
import { newPassword } from '../common/password';
import { USER_TYPES } from './org.constants';
import { deptNode, deptRef, email, flag, handoverResult, optionalText, personName, pickerRow, roleList, userDetail, userRow } from './org.schema';

const manage = POWERS.orgManage;
const deptName = L(z.string().trim().min(1, '请输入部门名称').max(30, '部门名称不能超过30个字'), '部门名称');
/** '' or absent: no password set (the person logs in by code, or keeps theirs). */
const password = L(
  z.preprocess((v) => (v === '' ? undefined : v), newPassword('密码').optional()),
  '密码',
);
const keyword = L(z.string().trim().max(50, '搜索内容不能超过50个字').optional(), '关键字');
const role = L(z.coerce.number().int().min(1, '角色只能是1至10').max(10, '角色只能是1至10').optional(), '角色');
const userType = L(z.coerce.number().int().min(0, choiceMessage('人员类型', USER_TYPES)).max(1, choiceMessage('人员类型', USER_TYPES)), '人员类型');

/** Filters of /v2/user/list and /v2/user/count (also honoured by the user export). */
export const userFilters = z.object({
  keyword,
  deptId: L(id.optional(), '部门'),
  role,
  enabled: L(flag.optional(), '启用状态'),
  userType: userType.optional(),
  providerId: L(id.optional(), '服务商'),
});
export type UserFilters = z.infer<typeof userFilters>;

const pickerFilters = z.object({ keyword, role });

const userFields = {
  name: personName,
  deptId: deptRef,
  roles: roleList,
  admin: L(z.boolean().optional(), '管理员'),
  email,
  jobNumber: optionalText('工号', 30),
  avatar: optionalText('头像', 500),
  userType: userType.optional(),
  providerId: L(id.nullish(), '服务商'),
};

export const orgContract = {
  deptTree: endpoint({ method: 'GET', path: '/stand/dept', response: z.array(deptNode) }),
  deptCreate: endpoint({
    method: 'POST',
    path: '/stand/dept',
    power: manage,
    body: z.object({ name: deptName, parentId: L(id.nullish(), '上级部门'), sort: L(z.coerce.number().int().min(0).max(9999).optional(), '排序') }),
    response: z.object({ id: z.number() }),
  }),
  deptUpdate: endpoint({
    method: 'PUT',
    path: '/stand/dept',
    power: manage,
    body: z.object({
      id: L(id, '部门'),
      name: deptName.optional(),
      parentId: L(id.nullish(), '上级部门'),
      sort: L(z.coerce.number().int().min(0).max(9999).optional(), '排序'),
    }),
    response: z.null(),
  }),
  deptDelete: endpoint({ method: 'DELETE', path: '/stand/dept', power: manage, body: z.object({ id: L(id, '部门') }), response: z.null() }),
  deptParents: endpoint({
    method: 'GET',
    path: '/stand/dept/parentIdList',
    query: z.object({ id: L(id, '部门') }),
    response: z.array(z.number()),
  }),

  /** Without id: the caller's own detail. */
  userDetail: endpoint({ method: 'GET', path: '/stand/user', query: z.object({ id: L(id.optional(), '人员') }), response: userDetail }),
  userCreate: endpoint({
    method: 'POST',
    path: '/stand/user',
    power: manage,
    body: z
      .object({ ...userFields, mobile: L(mobile, '手机号'), roles: userFields.roles.default([]), password: password.optional() })
      .refine((b) => b.userType !== 1 || !!b.providerId, { message: '外包人员需选择所属服务商', path: ['providerId'] }),
    response: z.object({ id: z.number() }),
  }),
  /** With id: an administrator edits that user (needs org_manage). Without id: the caller's own name, avatar and email. */
  userUpdate: endpoint({
    method: 'PUT',
    path: '/stand/user',
    body: z.object({
      id: L(id.optional(), '人员'),
      ...userFields,
      name: personName.optional(),
      roles: userFields.roles.optional(),
      mobile: L(mobile.optional(), '手机号'),
      password: password.optional(),
    }),
    response: z.null(),
  }),
  userDelete: endpoint({ method: 'DELETE', path: '/stand/user', power: manage, body: z.object({ id: L(id, '人员') }), response: z.null() }),
  userEnabled: endpoint({
    method: 'PUT',
    path: '/stand/user/enabled',
    power: manage,
    body: z.object({ id: L(id, '人员'), enabled: L(flag, '启用状态') }),
    response: z.null(),
  }),
  userPassword: endpoint({
    method: 'POST',
    path: '/stand/user/password',
    body: z.object({ oldPassword: L(z.string().max(128, '原密码不能超过128位').optional(), '原密码'), newPassword: newPassword('新密码') }),
    response: z.null(),
  }),
  userList: endpoint({
    method: 'GET',
    path: '/v2/user/list',
    power: manage,
    query: pageQuery.extend(userFilters.shape),
    response: z.object({ list: z.array(userRow), count: z.number() }),
  }),
  userCount: endpoint({ method: 'GET', path: '/v2/user/count', power: manage, query: userFilters, response: z.number() }),

  roleUserList: endpoint({
    method: 'GET',
    path: '/user/roleUserList',
    query: pageQuery.extend(pickerFilters.shape),
    response: z.object({ list: z.array(pickerRow), count: z.number() }),
  }),
  roleUserCount: endpoint({ method: 'GET', path: '/user/roleUserCount', query: pickerFilters, response: z.number() }),
  getUserWithRole: endpoint({ method: 'GET', path: '/user/getUserWithRole', query: pickerFilters, response: z.array(pickerRow) }),
  /** `ids` is a comma list in the path: /user/names/1,2,3. */
  userNames: endpoint({ method: 'GET', path: '/user/names/:ids', response: z.array(z.object({ id: z.number(), name: z.string() })) }),

  handover: endpoint({
    method: 'PUT',
    path: '/user/handover',
    power: manage,
    body: z
      .object({ fromUserId: L(id, '交接人'), toUserId: L(id, '接收人') })
      .refine((b) => b.fromUserId !== b.toUserId, { message: '交接人与接收人不能是同一人', path: ['toUserId'] }),
    response: handoverResult,
  }),
};
