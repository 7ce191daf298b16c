import { z } from 'zod';
import { POWERS } from '../auth/powers';
import { endpoint } from '../common/contract';
import { coerceInt } from '../common/ints';
import { id, L } from '../common/zod';
import { deliveryRow, notifyEventSetting, robotSetting, ruleInput, ruleRow, timedEventInput, timedEventRow } from './automation.schema';

const SET = POWERS.systemSetting;
const byTemplate = z.object({ templateId: L(coerceInt('bigint').positive(), '工单类型') });
const byId = z.object({ id: L(id, '记录') });

/** Paths not named by the spec are ours (docs/api.md, "Automation and notifications"). */
export const automationContract = {
  ruleList: endpoint({ method: 'GET', path: '/v2/automation/rule/list', power: SET, query: byTemplate, response: z.array(ruleRow) }),
  ruleAdd: endpoint({ method: 'POST', path: '/v2/automation/rule', power: SET, body: ruleInput, response: z.object({ id: z.number() }) }),
  ruleUpdate: endpoint({ method: 'PUT', path: '/v2/automation/rule', power: SET, body: ruleInput.extend({ id: L(id, '规则') }), response: z.null() }),
  ruleDelete: endpoint({ method: 'DELETE', path: '/v2/automation/rule', power: SET, body: byId, response: z.null() }),
  timedList: endpoint({ method: 'GET', path: '/v2/automation/timedEvent/list', power: SET, query: byTemplate, response: z.array(timedEventRow) }),
  timedAdd: endpoint({ method: 'POST', path: '/v2/automation/timedEvent', power: SET, body: timedEventInput, response: z.object({ id: z.number() }) }),
  timedUpdate: endpoint({
    method: 'PUT',
    path: '/v2/automation/timedEvent',
    power: SET,
    body: timedEventInput.extend({ id: L(id, '定时事件') }),
    response: z.null(),
  }),
  timedDelete: endpoint({ method: 'DELETE', path: '/v2/automation/timedEvent', power: SET, body: byId, response: z.null() }),
  deliveries: endpoint({
    method: 'GET',
    path: '/v2/automation/webhook/deliveries',
    power: SET,
    query: z.object({
      pageIndex: L(coerceInt().min(0).default(0), '页码'),
      pageSize: L(coerceInt().min(1).max(100).default(10), '每页条数'),
    }),
    response: z.object({ list: z.array(deliveryRow), count: z.number() }),
  }),
  resend: endpoint({ method: 'POST', path: '/v2/automation/webhook/resend', power: SET, body: byId, response: z.null() }),
  /** Per event: channels and template. */
  queryNotify: endpoint({
    method: 'GET',
    path: '/v2/temp/queryDingtalkNotifySetting',
    power: SET,
    response: z.array(notifyEventSetting.extend({ name: z.string() })),
  }),
  updateNotify: endpoint({
    method: 'PUT',
    path: '/v2/temp/updateDingtalkNotifySetting',
    power: SET,
    body: z.object({ list: L(z.array(notifyEventSetting).min(1, '请至少设置一个事件').max(20), '通知设置') }),
    response: z.null(),
  }),
  /** The enterprise-messaging robot (`/v2/enterprise/set`); the secret is never answered back. */
  robotGet: endpoint({
    method: 'GET',
    path: '/v2/enterprise/set',
    power: SET,
    response: z.object({ robotType: z.number(), robotUrl: z.string(), hasSecret: z.boolean() }),
  }),
  robotSet: endpoint({
    method: 'PUT',
    path: '/v2/enterprise/set',
    power: SET,
    body: robotSetting.extend({ keepSecret: L(z.boolean().default(false), '保留原密钥') }),
    response: z.null(),
  }),
  robotTest: endpoint({ method: 'POST', path: '/v2/enterprise/set/robotTest', power: SET, body: z.object({}), response: z.null() }),
};
