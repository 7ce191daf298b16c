/** Tag kinds by code: 1 user status, 3 order, 4 customer, 6 event. */
export const TAG_CODES = { 1: '人员状态', 3: '工单标签', 4: '客户标签', 6: '事件标签' } as const;
export type TagCode = keyof typeof TAG_CODES;
export const TAG_CODE_IDS = Object.keys(TAG_CODES).map(Number) as TagCode[];

/** The user-status code; its tags are the availability statuses a user picks in the header. */
export const USER_STATUS_CODE = 1 as const;
/** Codes whose tags are attached to records (orders, customers, events) through tag links. */
export const LINK_TAG_CODES = [3, 4, 6] as const;
export type LinkTagCode = (typeof LINK_TAG_CODES)[number];

export const TAG_NAME_MAX = 20;
/** Most tags one enterprise may keep under one code. */
export const TAG_MAX_PER_CODE = 200;

/** '#1890ff' or 'rgb(24,144,255)'. */
export const COLOR_RGB = /^(#[0-9a-fA-F]{6}|rgb\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*\))$/;

/** Tags every new enterprise starts with. */
export const DEFAULT_TAGS: Record<TagCode, { name: string; color_rgb: string }[]> = {
  1: [
    { name: '空闲', color_rgb: '#52c41a' },
    { name: '忙碌', color_rgb: '#fa8c16' },
    { name: '外出服务', color_rgb: '#1890ff' },
    { name: '休假', color_rgb: '#8c8c8c' },
  ],
  3: [
    { name: '加急', color_rgb: '#f5222d' },
    { name: '重要客户', color_rgb: '#fa8c16' },
    { name: '返修', color_rgb: '#722ed1' },
    { name: '投诉', color_rgb: '#eb2f96' },
  ],
  4: [
    { name: 'VIP客户', color_rgb: '#faad14' },
    { name: '潜在客户', color_rgb: '#13c2c2' },
    { name: '经销商', color_rgb: '#2f54eb' },
  ],
  6: [
    { name: '咨询', color_rgb: '#1890ff' },
    { name: '故障报修', color_rgb: '#f5222d' },
    { name: '投诉建议', color_rgb: '#eb2f96' },
  ],
};
