import type { FileKind } from '../files/files.constants';

/**
 * Form kinds and field types. Numbers are the spec's where it gives them:
 * entity types 1 order, 2 customer, 3 customer product, 25 maintenance contract, 26 sale contract.
 * The rest are ours (docs/decisions.md): spare part 4 and event 6 match the spec's basic-info types.
 */
export const FORM_KINDS = {
  1: { key: 'order', name: '工单', multi: true },
  2: { key: 'customer', name: '客户', multi: false },
  3: { key: 'customerProduct', name: '客户产品', multi: false },
  4: { key: 'sparePart', name: '备件', multi: false },
  6: { key: 'event', name: '事件', multi: true },
  7: { key: 'expense', name: '费用', multi: false },
  8: { key: 'evaluation', name: '服务评价', multi: false },
  9: { key: 'receipt', name: '工单回执', multi: false },
  10: { key: 'project', name: '项目', multi: true },
  11: { key: 'renovation', name: '装修', multi: false },
  12: { key: 'detection', name: '检测', multi: false },
  13: { key: 'equipmentOrder', name: '设备工单', multi: false },
  25: { key: 'maintenanceContract', name: '维保合同', multi: false },
  26: { key: 'saleContract', name: '销售合同', multi: false },
} as const;
export type FormKindId = keyof typeof FORM_KINDS;
/** The form kind of order types (工单类型). */
export const ORDER_FORM_KIND = 1 satisfies FormKindId;
export const FORM_KIND_IDS = Object.keys(FORM_KINDS).map(Number) as FormKindId[];
export const isFormKind = (n: unknown): n is FormKindId => typeof n === 'number' && n in FORM_KINDS;

export const ORDER_KIND = 1 as const;
export const EVENT_KIND = 6 as const;
export const PROJECT_KIND = 10 as const;

/** Field types: the custom types 1–18 and the display codes 19–26 and 30. */
export const FIELD_TYPES = {
  1: '单行文本',
  2: '数字',
  3: '单选',
  4: '日期',
  5: '时间',
  6: '日期时间',
  7: '开关',
  8: '多选',
  9: '地址',
  10: '图片',
  11: '定位',
  12: '扫码',
  13: '多行文本',
  14: '说明文字',
  15: '附件',
  16: '勾选',
  17: '超链接',
  18: '级联选择',
  19: '计算公式',
  20: '固定值',
  21: '签名',
  22: '星级评分',
  23: '电话',
  24: '日期范围',
  25: '日期时间范围',
  26: '多图片',
  30: '关联记录',
} as const;
export type FieldType = keyof typeof FIELD_TYPES;
export const FIELD_TYPE_IDS = Object.keys(FIELD_TYPES).map(Number) as FieldType[];
export const isFieldType = (n: unknown): n is FieldType => typeof n === 'number' && n in FIELD_TYPES;

/** The spec's generic field list (text, checkbox, calculator, …), each mapped onto a numbered type. */
export const GENERIC_FIELD_TYPES: { key: string; name: string; type: FieldType }[] = [
  { key: 'text', name: '文本', type: 1 },
  { key: 'number', name: '数字', type: 2 },
  { key: 'radio', name: '单选', type: 3 },
  { key: 'checkbox', name: '多选', type: 8 },
  { key: 'date', name: '日期', type: 4 },
  { key: 'time', name: '时间', type: 5 },
  { key: 'datetime', name: '日期时间', type: 6 },
  { key: 'address', name: '地址', type: 9 },
  { key: 'image', name: '图片', type: 10 },
  { key: 'switch', name: '开关', type: 7 },
  { key: 'scanner', name: '扫码', type: 12 },
  { key: 'position', name: '定位', type: 11 },
  { key: 'textarea', name: '多行文本', type: 13 },
  { key: 'explanation', name: '说明文字', type: 14 },
  { key: 'fileUpload', name: '附件', type: 15 },
  { key: 'singleCheck', name: '勾选', type: 16 },
  { key: 'hyperlink', name: '超链接', type: 17 },
  { key: 'cascade', name: '级联选择', type: 18 },
  { key: 'calculator', name: '计算公式', type: 19 },
  { key: 'plainValue', name: '固定值', type: 20 },
  { key: 'signature', name: '签名', type: 21 },
  { key: 'starRating', name: '星级评分', type: 22 },
  { key: 'phone', name: '电话', type: 23 },
  { key: 'dateRange', name: '日期范围', type: 24 },
  { key: 'timeRange', name: '日期时间范围', type: 25 },
  { key: 'multiImage', name: '多图片', type: 26 },
  { key: 'link', name: '关联记录', type: 30 },
];

/** Types that hold no value of their own (shown from the definition only). */
/** 签名: a drawn signature saved as an image. */
export const SIGNATURE_FIELD_TYPE = 21 satisfies FieldType;
/** 图片. */
export const IMAGE_FIELD_TYPE = 10 satisfies FieldType;
export const DISPLAY_ONLY_TYPES: readonly FieldType[] = [14, 20];
/** Types with a list of options. */
export const OPTION_TYPES: readonly FieldType[] = [3, 8];
/** Types whose values are uploaded files (ids). */
export const FILE_FIELD_TYPES: readonly FieldType[] = [10, 15, 21, 26];
/** Types a formula may reference (numbers). */
export const NUMERIC_TYPES: readonly FieldType[] = [2, 19, 22];
/** Types whose min/max are dates or times (text), not numbers. */
export const DATE_TYPES: readonly FieldType[] = [4, 5, 6, 24, 25];

/** ExtFieldView display groups (the spec's 'Extended field values'). */
export const TEXT_LIKE_TYPES: readonly number[] = [1, 2, 3, 4, 5, 6, 8, 9, 12, 13, 18, 23, 24, 25];
export const YES_NO_TYPES: readonly number[] = [7, 16];
export const PICTURE_TYPES: readonly number[] = [10, 26];

/** Allowed file kinds, documents as the uploads module accepts them. */
export const FILE_EXTS = {
  image: ['png', 'jpg', 'jpeg', 'gif'],
  video: ['mp4', 'avi', 'mkv', 'mov'],
  audio: ['mp3', 'm4a', 'amr', 'wav', 'ogg', 'webm'],
  doc: ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'txt', 'zip'],
} as const satisfies Record<FileKind, readonly string[]>;

/** Record kinds a link field (30) may point at; the server checks they exist in the enterprise. */
export const LINK_KINDS = {
  order: '工单',
  event: '事件',
  customer: '客户',
  customerProduct: '客户产品',
  project: '项目',
  user: '人员',
  sparePart: '备件',
  saleContract: '销售合同',
  maintenanceContract: '维保合同',
} as const;
export type LinkKind = keyof typeof LINK_KINDS;

/** Order field groups, in column order. */
export const ORDER_GROUPS = [
  { key: 'orderInfo', name: '工单信息' },
  { key: 'customerInfo', name: '客户信息' },
  { key: 'progressInfo', name: '进度信息' },
  { key: 'serviceFees', name: '服务费用' },
  { key: 'orderReceipt', name: '工单回执' },
  { key: 'serviceEvaluation', name: '服务评价' },
  { key: 'statistics', name: '统计信息' },
  { key: 'other', name: '其他' },
] as const;
export type OrderGroup = (typeof ORDER_GROUPS)[number]['key'];
export const ORDER_GROUP_KEYS = ORDER_GROUPS.map((g) => g.key) as OrderGroup[];

/** Fixed heights of field groups in px. */
export const FORM_FIELD_HEIGHTS: Partial<Record<FormKindId, number>> = { 1: 86, 13: 129, 2: 172, 7: 172, 3: 215 };

/** Order field keys with their names. */
export const ORDER_FIELD_KEYS = {
  serviceId: '服务项目',
  customApplyTime: '预约时间',
  customName: '客户名称',
  customLinkPerson: '联系人',
  customPhone: '联系电话',
  customEnterpriseName: '企业名称',
  productId: '产品',
  detailDesc: '详细描述',
} as const;

export const FIELD_LIMITS = {
  name: 30,
  text: 200,
  textarea: 2000,
  options: 100,
  option: 50,
  fieldsPerTemplate: 200,
  defaultImages: 1,
  multiImages: 9,
  files: 9,
  stars: 5,
  precision: 2,
} as const;
