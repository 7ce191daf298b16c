import './common/zod';
export * from './common/envelope';
export * from './common/errors';
export * from './common/pagination';
export * from './common/dates';
export * from './common/password';
export * from './common/format';
export * from './common/contract';
export * from './common/rate';
export * from './common/machine';
export * from './common/state-log';
export { L, chineseIssue, childOf, describeBadInput, describeIssue, idList, id, labelAt, layers, mobile } from './common/zod';
export { coerceInt, INT_RANGES, type IntColumn, int } from './common/ints';
export { FIELD_LABELS, PRIORITY_COLORS, PRIORITY_LABELS, type Priority, priorityLabel } from './common/labels';
export { BAD_TEXT_MESSAGE, type BadInput, findBadInput, hasBadText } from './common/text';
export * from './auth/index';
export * from './account/account.contract';
export * from './menu/menu.contract';
export * from './menu/badge.contract';
export * from './menu/im.contract';
export * from './menu/menu.build';
export * from './roles/role-power.contract';
export * from './org/org.constants';
export * from './org/org.contract';
export * from './org/team.contract';
export {
  deptNode,
  groupDetail,
  groupRow,
  handoverResult,
  maskBankAccount,
  pickerRow,
  providerContact,
  providerDetail,
  providerRow,
  userDetail,
  userRow,
} from './org/org.schema';
export type {
  DeptNode,
  GroupDetail,
  GroupRow,
  HandoverResult,
  PickerRow,
  ProviderContact,
  ProviderDetail,
  ProviderRow,
  UserDetail,
  UserRow,
} from './org/org.schema';
export * from './tags/tags.constants';
export * from './tags/tags.contract';
export * from './settings/settings.catalogue';
export * from './settings/settings.contract';
export * from './settings/dict.constants';
export * from './settings/dict.contract';
export * from './settings/activity.contract';
export * from './subscriptions/subscriptions.constants';
export * from './subscriptions/subscriptions.contract';
export * from './notices/notices.constants';
export * from './notices/notices.contract';
export * from './files/files.constants';
export * from './files/files.contract';
export * from './customers/index';
export * from './forms/index';
export * from './apidocs/apidocs.contract';
export * from './orders/index';
export * from './events/index';
export * from './schedule/index';
export * from './automation/index';
export * from './process/process.contract';
export * from './dispatch/index';
export * from './planning/index';
export * from './spares/index';
export * from './projects/index';
export * from './pool/index';
export * from './sla/index';
export * from './approvals/index';
export * from './visits/index';
export * from './cycle/index';
export * from './search/search.contract';
export * from './settle/index';
export * from './quality/index';
export * from './knowledge/index';
export * from './commerce/index';
export * from './portal/portal.contract';
export * from './portal/scan.contract';
export * from './calls/index';
export * from './reports/index';
export * from './channels/channels.contract';
