import { z } from 'zod';
import { endpoint } from '../common/contract';
import { pageQuery } from '../common/pagination';
import { L } from '../common/zod';
import { addressFields, customerPickSchema } from '../customers/customers.schema';
import { extInput, ids, optionalId, optionalIds, optionalText, requiredId, requiredText, sortType, text, timeFilter } from '../customers/fields';
import { EVENT_ACTIONS } from './event.machine';
import { addEventMessageBody } from './event.message';
import { EVENT_MESSAGE_KINDS } from './events.constants';

/** Power codes of the event area: the menu codes of packages/shared/src/auth/menus.ts. */
export const EVENT_POWERS = {
  create: 'menu_NewEvent',
  mine: 'menu_Myevent',
  shelters: 'menu_Shelters',
  assign: 'menu_Eventassigned',
} as const;

const level = (label: string) =>
  L(
    z.coerce
      .number({ error: `${label}不正确` })
      .int()
      .min(1, `${label}不正确`)
      .max(3, `${label}不正确`),
    label,
  );

/** POST /v2/event/add: the new-event page's fields and the template's custom fields. */
export const createEventBody = z.object({
  /** The event template (form kind event); the default one when absent. */
  templateId: optionalId('事件模板'),
  customerId: optionalId('客户'),
  contactId: optionalId('联系人'),
  customLinkPerson: optionalText('联系人', 50),
  customPhone: optionalText('联系电话', 30),
  addressId: optionalId('服务地址'),
  address: L(z.object(addressFields).nullish(), '服务地址'),
  mapName: optionalText('地图位置', 200),
  /** An installed product of the customer (customerProductId) or a catalogue product (productId). */
  customerProductId: optionalId('客户产品'),
  productId: optionalId('产品'),
  title: requiredText('事件标题', 100),
  description: optionalText('事件描述', 2000),
  attachments: optionalIds('附件', 20),
  eventLabel: optionalIds('事件标签', 20),
  priority: level('优先级').default(1),
  serviceId: optionalId('服务项目'),
  collaboratorIds: optionalIds('协作人', 20),
  /** The call the event was recorded from (belongCallRecordId), kept as a reference. */
  belongCallRecordId: optionalId('通话记录'),
  /** Copied from this event (/Myevent/copyeventDetail). */
  copiedFrom: optionalId('源事件'),
  ext: extInput,
});
export type CreateEventBody = z.infer<typeof createEventBody>;

/** The event list's filters, by the spec's names. */
const who = (label: string) => optionalId(label);
export const eventFilters = z.object({
  event_states: L(
    z.preprocess(
      (v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v),
      z.array(z.coerce.number().int().min(1, '事件状态不正确').max(7, '事件状态不正确')).optional(),
    ),
    '事件状态',
  ),
  keyword: text('关键字', 100).optional(),
  custom_name: text('客户名称', 100).optional(),
  custom_linkperson: text('联系人', 50).optional(),
  custom_phone: text('联系电话', 30).optional(),
  custom_detail_addr: text('详细地址', 200).optional(),
  map_name: text('地图位置', 200).optional(),
  fk_t_ep_event_tmpl_id: optionalId('事件模板'),
  event_label: optionalId('事件标签'),
  creator_id: who('创建人'),
  dispatcher_id: who('分配人'),
  principal_id: who('负责人'),
  upgrade_user_id: who('升级人'),
  start_user_id: who('开始处理人'),
  closed_user_id: who('关闭人'),
  complete_user_id: who('完成人'),
  start_create_time: timeFilter('创建开始时间'),
  end_create_time: timeFilter('创建结束时间'),
  start_dispatch_time: timeFilter('分配开始时间'),
  end_dispatch_time: timeFilter('分配结束时间'),
  start_upgrade_time: timeFilter('升级开始时间'),
  end_upgrade_time: timeFilter('升级结束时间'),
  start_start_time: timeFilter('开始处理开始时间'),
  end_start_time: timeFilter('开始处理结束时间'),
  start_closed_time: timeFilter('关闭开始时间'),
  end_closed_time: timeFilter('关闭结束时间'),
  start_complete_time: timeFilter('完成开始时间'),
  end_complete_time: timeFilter('完成结束时间'),
  priority: L(z.coerce.number().int().min(1, '优先级不正确').max(3, '优先级不正确').optional(), '优先级'),
  service_id: optionalId('服务项目'),
  /** The customer detail's events tab and an installed product's history. */
  customerId: optionalId('客户'),
  customerProductId: optionalId('客户产品'),
});
export type EventFilters = z.infer<typeof eventFilters>;
export const eventListQuery = eventFilters.extend({ ...pageQuery.shape, sortType });
export type EventListQuery = z.infer<typeof eventListQuery>;

export const eventRow = z.object({
  id: z.number(),
  eventNo: z.string(),
  title: z.string(),
  state: z.number(),
  priority: z.number(),
  templateId: z.number(),
  templateName: z.string().nullable(),
  customerId: z.number().nullable(),
  customName: z.string().nullable(),
  customLinkperson: z.string().nullable(),
  customPhone: z.string().nullable(),
  address: z.string().nullable(),
  principalId: z.number().nullable(),
  principalName: z.string().nullable(),
  creatorName: z.string().nullable(),
  tags: z.array(z.object({ id: z.number(), name: z.string(), color_rgb: z.string() })),
  create_time: z.string(),
  /** The event SLA's mark: overdue when a clock breached, at risk when a running clock passed its warning; null without clocks. */
  slaMark: z.enum(['ok', 'atRisk', 'overdue']).nullable().optional(),
});
export type EventRow = z.infer<typeof eventRow>;
const paged = z.object({ list: z.array(eventRow), count: z.number() });

const person = z.object({ id: z.number(), name: z.string(), time: z.string().nullable() }).nullable();
export const eventDetail = eventRow.extend({
  templateVersionId: z.number().nullable(),
  contactId: z.number().nullable(),
  mapName: z.string().nullable(),
  customerProductId: z.number().nullable(),
  customerProductName: z.string().nullable(),
  productId: z.number().nullable(),
  description: z.string().nullable(),
  attachments: z.array(z.object({ id: z.number(), name: z.string(), url: z.string() })),
  serviceId: z.number().nullable(),
  serviceName: z.string().nullable(),
  ext: z.record(z.string(), z.unknown()),
  /** The custom values presented against the version the event was recorded with (ExtFieldView). */
  extFields: z.array(z.record(z.string(), z.unknown())),
  flags: z.object({ dispatch_state: z.number(), process_state: z.number(), upgrade_state: z.number(), pause_state: z.number(), close_state: z.number() }),
  version: z.number(),
  creator: person,
  dispatcher: person,
  principal: person,
  upgrade: person,
  start: person,
  closed: person,
  complete: person,
  collaborators: z.array(z.object({ id: z.number(), name: z.string() })),
  upgradeReason: z.string().nullable(),
  pauseReason: z.string().nullable(),
  closeReason: z.string().nullable(),
  /** Association (type 2 order) once converted; null until then. */
  orderId: z.number().nullable(),
  /** The order it was converted to, with its state (null while not converted or once that order is deleted). */
  order: z.object({ id: z.number(), orderNo: z.string(), state: z.number() }).nullable(),
  /** The saved address and the typed area, so a conversion pre-fills the order's service address. */
  addressId: z.number().nullable(),
  area: z.object({
    provinceCode: z.string().nullable(),
    cityCode: z.string().nullable(),
    districtCode: z.string().nullable(),
    detail: z.string().nullable(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
  }),
  abilities: z.array(z.enum(EVENT_ACTIONS)),
});
export type EventDetail = z.infer<typeof eventDetail>;

/** One action: the state the user saw (a moved event answers 数据已变更) and the action's own fields. */
export const eventActionBody = z.object({
  id: requiredId('事件'),
  expected: L(z.coerce.number().int().min(1).max(7).optional(), '事件状态'),
  /** assign: the new principal; escalate: the higher handler (optional, stays with the principal when absent). */
  principalId: optionalId('负责人'),
  reason: optionalText('原因', 500),
});
export type EventActionBody = z.infer<typeof eventActionBody>;
/** Actions whose reason is required. */
export const EVENT_REASON_REQUIRED = ['escalate', 'pause', 'close'] as const;

export const eventMessage = z.object({
  id: z.number(),
  eventType: z.enum(EVENT_MESSAGE_KINDS),
  /** action: the action name; text: the text; image/file: { id, name, url }; other kinds: as sent. */
  payload: z.unknown(),
  action: z.string().nullable(),
  note: z.string().nullable(),
  userId: z.number().nullable(),
  userName: z.string().nullable(),
  createtime: z.string(),
  /** The viewer wrote it and may delete it. */
  mine: z.boolean(),
});
export type EventMessage = z.infer<typeof eventMessage>;

/** Which list an export re-runs: my events, the pool, the assignment queue. */
export const EVENT_LIST_KINDS = ['mine', 'shelters', 'undelivered', 'related'] as const;
export const exportEventsBody = eventFilters.extend({
  list: L(z.enum(EVENT_LIST_KINDS, '列表不正确').default('mine'), '列表'),
  fileName: optionalText('文件名', 100),
  ids: optionalIds('事件', 1000),
});

const action = (name: (typeof EVENT_ACTIONS)[number], power: string) =>
  endpoint({ method: 'POST', path: `/v2/event/${name}`, power, body: eventActionBody, response: z.object({ state: z.number() }) });

export const eventContract = {
  add: endpoint({
    method: 'POST',
    path: '/v2/event/add',
    power: EVENT_POWERS.create,
    body: createEventBody,
    response: z.object({ id: z.number(), eventNo: z.string(), state: z.number() }),
  }),
  /**
   * 新建事件's customer picker: starting an event needs no customer-list power (an ordinary employee starts events);
   * the same rows as 新建工单's picker (a salesperson's own customers only).
   */
  customerOptions: endpoint({
    method: 'GET',
    path: '/v2/event/customerOptions',
    power: EVENT_POWERS.create,
    query: z.object({ ids: optionalIds('客户', 100), keyword: text('关键字', 100).optional() }),
    response: z.array(customerPickSchema),
  }),
  detailed: endpoint({
    method: 'GET',
    path: '/v2/event/detailed',
    power: EVENT_POWERS.mine,
    query: z.object({ id: requiredId('事件') }),
    response: eventDetail,
  }),
  del: endpoint({ method: 'DELETE', path: '/v2/event/del', power: EVENT_POWERS.assign, body: z.object({ ids: ids('事件', 500) }), response: z.null() }),
  myList: endpoint({ method: 'GET', path: '/v2/event/getPrincipalEventList', power: EVENT_POWERS.mine, query: eventListQuery, response: paged }),
  shelterList: endpoint({ method: 'GET', path: '/v2/event/getShelterEventList', power: EVENT_POWERS.shelters, query: eventListQuery, response: paged }),
  unDeliverList: endpoint({ method: 'GET', path: '/v2/event/getUnDeliverEventList', power: EVENT_POWERS.assign, query: eventListQuery, response: paged }),
  /** The events of one customer or installed product that the viewer may see (customer detail, product history). */
  relatedList: endpoint({
    method: 'GET',
    path: '/v2/event/relatedEventList',
    power: EVENT_POWERS.mine,
    query: eventListQuery.refine((q) => q.customerId != null || q.customerProductId != null, { message: '请选择客户或产品', path: ['customerId'] }),
    response: paged,
  }),
  messageList: endpoint({
    method: 'GET',
    path: '/v2/event/process/messageList',
    power: EVENT_POWERS.mine,
    query: z.object({ eventId: requiredId('事件') }),
    response: z.array(eventMessage),
  }),
  addMessage: endpoint({ method: 'POST', path: '/v2/event/process/addMessage', power: EVENT_POWERS.mine, body: addEventMessageBody, response: eventMessage }),
  delMessage: endpoint({
    method: 'DELETE',
    path: '/v2/event/process/delMessage',
    power: EVENT_POWERS.mine,
    body: z.object({ id: requiredId('消息') }),
    response: z.null(),
  }),
  exportEvents: endpoint({ method: 'POST', path: '/export/event', power: EVENT_POWERS.mine, body: exportEventsBody, response: z.object({ id: z.number() }) }),
  assign: action('assign', EVENT_POWERS.assign),
  claim: action('claim', EVENT_POWERS.shelters),
  start: action('start', EVENT_POWERS.mine),
  escalate: action('escalate', EVENT_POWERS.mine),
  pause: action('pause', EVENT_POWERS.mine),
  resume: action('resume', EVENT_POWERS.mine),
  complete: action('complete', EVENT_POWERS.mine),
  close: action('close', EVENT_POWERS.mine),
  reopen: action('reopen', EVENT_POWERS.mine),
};
