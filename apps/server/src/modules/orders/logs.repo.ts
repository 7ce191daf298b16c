// An order's timeline (order_logs) with the writer's name, in the reader's zone, and its presenter.
import { ORDER_ACTION_NAMES, type OrderLog } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import { stateNameOf } from './detail.repo';

/** Labels of the order columns an action may write (the log keeps column names); bookkeeping columns are left out. */
const COLUMN_NAMES: Record<string, string> = {
  title: '标题',
  custom_link_person: '联系人',
  custom_phone: '联系电话',
  custom_enterprise_name: '企业名称',
  full_address: '服务地址',
  installed_product_id: '产品',
  appointment_at: '预约时间',
  priority: '优先级',
  service_level: '服务级别',
  detail_desc: '详细描述',
  attachments: '附件',
  service_group_id: '服务团队',
  service_amount: '服务项目',
  source: '来源',
  sale_channel: '销售渠道',
  ext: '自定义字段',
  customer_id: '客户',
  acceptor_id: '受理人员',
  dispatcher_id: '派单人员',
  service_user_id: '服务人员',
  taken_by: '接单人',
  salesperson_id: '销售人员',
  return_visitor_id: '回访客服',
  invalid: '无效工单',
  abnormal_kind: '异常类型',
  abnormal_reason: '异常原因',
  examine_type: '审核类型',
  examine_result: '审核结果',
  place_state: '归档状态',
  in_pool: '工单池',
  receipt_ext: '回执',
  payment_method: '支付方式',
  paid_amount: '收款金额',
  receive_payment_id: '收款账户',
  cancel_reason: '取消原因',
  refuse_reason: '拒单原因',
};

/** A log row as read. */
export type LogRaw = {
  id: number;
  action: string;
  from_state: number | null;
  to_state: number;
  note: string | null;
  changed: Record<string, unknown> | null;
  user_id: number | null;
  user_name: string | null;
  create_time: string;
};

export function toOrderLog(l: LogRaw): OrderLog {
  const action = l.action;
  const from = l.from_state;
  const to = l.to_state;
  // Only the invalid action leaves an order 无效; earlier rows name state 0 plainly.
  const invalidNow = action === 'invalid';
  const changed = l.changed ?? null;
  return {
    id: l.id,
    action,
    actionName: ORDER_ACTION_NAMES[action as keyof typeof ORDER_ACTION_NAMES] ?? action,
    fromState: from,
    fromStateName: from == null ? null : stateNameOf(from, false),
    toState: to,
    toStateName: stateNameOf(to, invalidNow),
    note: l.note,
    changed,
    // Fields the action set to a value; the resets that go with it (flags cleared, people unassigned) are left out.
    changedNames: Object.entries(changed ?? {})
      .filter(([, v]) => v != null && v !== false)
      .map(([k]) => COLUMN_NAMES[k])
      .filter((n): n is string => !!n),
    user: l.user_id == null ? null : { id: l.user_id, name: l.user_name ?? '' },
    createTime: l.create_time,
  };
}

/** The order's log rows, oldest first. */
export function logRows(ex: Executor, timeZone: string, enterpriseId: number, orderId: number): Promise<LogRaw[]> {
  return rows<LogRaw>(
    ex,
    sql`select l.id, l.action, l.from_state, l.to_state, l.note, l.changed, l.user_id, u.name as user_name,
        to_char(l.created_at at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI:SS') as create_time
      from order_logs l
      left join users u on u.enterprise_id = l.enterprise_id and u.id = l.user_id
      where l.enterprise_id = ${enterpriseId} and l.order_id = ${orderId}
      order by l.created_at, l.id`,
  );
}
