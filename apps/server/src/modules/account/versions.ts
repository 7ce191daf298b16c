export const VERSION = '4.6.3';

/** Version history shown in the help dropdown. */
export const PRODUCT_VERSIONS = [
  { version: '4.6.3', date: '2026-11-20', notes: ['工作台全新布局，支持多标签页', '下载中心实时显示导出进度', '组织架构支持批量调整角色'] },
  { version: '4.6.0', date: '2026-09-01', notes: ['新增服务商端菜单', '支持按角色限制人员选择范围'] },
  { version: '4.5.0', date: '2026-06-15', notes: ['新增订阅消息：每日待办与统计', '字典设置支持排序'] },
];
