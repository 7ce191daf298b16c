import { z } from 'zod';
import { endpoint } from '../common/contract';
import { dateText } from '../common/dates';
import { pageQuery } from '../common/pagination';
import { id, L } from '../common/zod';

const text = (label: string, max: number) => L(z.string().trim().min(1, `请填写${label}`).max(max, `${label}不能超过${max}个字`), label);
const date = (label: string) => L(dateText('日期格式应为YYYY-MM-DD').optional(), label);

export const activitySchema = z.object({
  id: z.number(),
  user_id: z.number(),
  user_name: z.string(),
  module: z.string(),
  action: z.string(),
  detail: z.string(),
  create_time: z.string(),
});

export const activityContract = {
  /** Records a page-view point for the caller (page views tracked with point codes). */
  point: endpoint({
    method: 'GET',
    path: '/operlog/point',
    query: z.object({
      code: L(
        z
          .string()
          .trim()
          .regex(/^[\w.:/-]{1,64}$/, '只能包含字母、数字和._:/-，最长64位'),
        '埋点编码',
      ),
    }),
    response: z.null(),
  }),
  /** The operation log, newest first: everyone's for holders of sh_system_setting, otherwise the caller's own. */
  getActivity: endpoint({
    method: 'GET',
    path: '/activity/getActivity',
    query: z.object({
      pageIndex: L(pageQuery.shape.pageIndex, '页码'),
      pageSize: L(pageQuery.shape.pageSize, '每页条数'),
      module: L(z.string().trim().max(50).optional(), '模块'),
      userId: L(id.optional(), '操作人'),
      start: date('开始日期'),
      end: date('结束日期'),
    }),
    response: z.object({ list: z.array(activitySchema), count: z.number() }),
  }),
  saveLog: endpoint({
    method: 'POST',
    path: '/activity/saveLog',
    body: z.object({ module: text('模块', 50), action: text('操作', 50), detail: L(z.string().trim().max(1000, '详情不能超过1000个字').optional(), '详情') }),
    response: z.null(),
  }),
};
