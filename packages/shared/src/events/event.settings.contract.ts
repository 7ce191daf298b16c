import { z } from 'zod';
import { ROLE_IDS } from '../auth/roles';
import { endpoint } from '../common/contract';
import { L } from '../common/zod';
import { requiredId } from '../customers/fields';
import { EVENT_ACTIONS } from './event.machine';

/** Actions an event template can switch off; assign and claim stay so an event can always get a principal. */
export const OPTIONAL_EVENT_ACTIONS = ['start', 'escalate', 'pause', 'resume', 'complete', 'close', 'reopen'] as const;

export const eventTemplateSetting = z.object({
  tmpId: requiredId('事件模板'),
  /** The actions its events allow (assign and claim always). */
  actions: L(z.array(z.enum(EVENT_ACTIONS, '不支持的操作')).max(EVENT_ACTIONS.length), '允许的操作'),
  /** Roles a principal must hold; empty: anyone. */
  principalRoles: L(
    z
      .array(
        z.coerce
          .number()
          .int()
          .min(1, '角色不正确')
          .max(10, '角色不正确')
          .refine((r) => (ROLE_IDS as number[]).includes(r), '角色不正确'),
      )
      .max(ROLE_IDS.length),
    '负责人角色',
  ),
});
export type EventTemplateSetting = z.infer<typeof eventTemplateSetting>;

const SET = 'menu_EventSet';

export const eventSettingContract = {
  setting: endpoint({
    method: 'GET',
    path: '/v2/eventTemp/setting',
    power: SET,
    query: z.object({ tmpId: requiredId('事件模板') }),
    response: eventTemplateSetting,
  }),
  saveSetting: endpoint({ method: 'PUT', path: '/v2/eventTemp/setting', power: SET, body: eventTemplateSetting, response: z.null() }),
};
