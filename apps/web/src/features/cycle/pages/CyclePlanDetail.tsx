// 周期计划详情 (/cyclePlan/detail/:id): the plan, its actions, the next due dates and the orders it generated (links).
import { ORDER_STATES } from '@sk/shared/common/labels';
import { CYCLE_PLAN_STATES, CYCLE_TARGETS } from '@sk/shared/cycle/cycle.constants';
import type { CyclePlanDetail as Detail } from '@sk/shared/cycle/cycle.contract';
import { Alert, Button, Card, Descriptions, Empty, Popconfirm, Space, Spin, Table, Tag, Timeline } from 'antd';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ColorTag } from '../../../components';
import { useApi, useApiMutation } from '../../../lib/query';
import { CY } from '../api';
import { frequencyText, startText } from '../format';
import { PlanFormDialog } from '../PlanFormDialog';
import { PlanStateTag } from './CyclePlan';

const ACTIONS = { pause: '暂停', resume: '恢复', end: '结束计划', create: '新建', expire: '到期结束' } as const;
const slash = (d: string | null) => (d ? d.replaceAll('-', '/') : '—');
const weekday = (d: string) => '日一二三四五六'[new Date(`${d}T00:00:00Z`).getUTCDay()];

export default function CyclePlanDetail() {
  const id = Number(useParams().id);
  // A plan just made or resumed gets its first order from the job in a moment: look again until it is there.
  const q = useApi(
    CY.planDetail,
    { id },
    { refetchInterval: (r) => (r.state.data?.state === 1 && !r.state.data.orders.length && !r.state.data.waiting ? 2000 : false) },
  );
  const move = useApiMutation(CY.planChangeState);
  const [editing, setEditing] = useState(false);
  const p = q.data;
  if (q.isLoading) return <Spin />;
  if (!p) return <Empty description="周期计划不存在" />;
  const act = (action: 'pause' | 'resume' | 'end') => move.mutateAsync({ id, action, expected: p.state });
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Card
        size="small"
        title={
          <Space wrap>
            {p.name}
            <PlanStateTag state={p.state} />
          </Space>
        }
        extra={
          <Space wrap>
            {p.state !== 3 ? <Button onClick={() => setEditing(true)}>编辑</Button> : null}
            {p.abilities.includes('pause') ? <Button onClick={() => act('pause')}>暂停</Button> : null}
            {p.abilities.includes('resume') ? (
              <Button type="primary" onClick={() => act('resume')}>
                恢复
              </Button>
            ) : null}
            {p.abilities.includes('end') ? (
              <Popconfirm title="结束后不再生成工单，且不能恢复。确定结束？" okText="结束" cancelText="取消" onConfirm={() => act('end')}>
                <Button danger>结束计划</Button>
              </Popconfirm>
            ) : null}
          </Space>
        }
      >
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
          <Descriptions.Item label="客户">{p.customerName}</Descriptions.Item>
          <Descriptions.Item label={CYCLE_TARGETS[p.targetType as 1 | 2]}>
            {p.targetType === 1 ? `${p.productName ?? ''}${p.serialNumber ? `（${p.serialNumber}）` : ''}` : p.contractName}
          </Descriptions.Item>
          <Descriptions.Item label="周期模板">{p.templateName}</Descriptions.Item>
          <Descriptions.Item label="周期">{frequencyText(p.every, p.unit, p.dayOfPeriod)}</Descriptions.Item>
          <Descriptions.Item label="开始方式">{startText(p)}</Descriptions.Item>
          <Descriptions.Item label="指定工程师">{p.engineerName ?? '按派单规则'}</Descriptions.Item>
          <Descriptions.Item label="结束日期">{slash(p.endDate)}</Descriptions.Item>
          <Descriptions.Item label="创建时间">{p.create_time}</Descriptions.Item>
          {p.remark ? <Descriptions.Item label="备注">{p.remark}</Descriptions.Item> : null}
        </Descriptions>
        {p.waiting ? <Alert type="info" showIcon title={p.waiting} style={{ marginTop: 8 }} /> : null}
      </Card>
      <Card size="small" title="即将到期">
        {p.upcoming.length === 0 ? (
          <Empty description="没有后续到期日" />
        ) : (
          <Space wrap>
            {p.upcoming.map((u) => (
              <Tag key={u.due} color={u.generated ? 'green' : undefined}>
                {slash(u.due)} 周{weekday(u.due)}
                {u.nominal !== u.due ? `（原 ${slash(u.nominal)}，遇非工作日顺延）` : ''}
                {u.generated ? ' 已生成' : ''}
              </Tag>
            ))}
          </Space>
        )}
      </Card>
      <Card size="small" title={`已生成工单（${p.orders.length}）`}>
        <Table
          size="small"
          rowKey="orderId"
          pagination={false}
          dataSource={p.orders}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: '暂未生成工单' }}
          columns={[
            { key: 'dueDate', dataIndex: 'dueDate', title: '到期日', render: (v: string) => slash(v) },
            {
              key: 'orderNo',
              dataIndex: 'orderNo',
              title: '工单编号',
              render: (v: string, r) => <Link to={`/allOrder/orderDetail/${r.orderId}`}>{v}</Link>,
            },
            {
              key: 'state',
              dataIndex: 'state',
              title: '工单状态',
              render: (v: number) => {
                const s = ORDER_STATES[v as keyof typeof ORDER_STATES];
                return s ? <ColorTag color={s.color}>{s.label}</ColorTag> : v;
              },
            },
            { key: 'create_time', dataIndex: 'create_time', title: '生成时间' },
          ]}
        />
      </Card>
      <Card size="small" title="操作记录">
        <Timeline
          items={p.logs.map((l) => ({
            content: `${l.create_time} ${l.userName ?? '系统'} ${ACTIONS[l.action as keyof typeof ACTIONS] ?? l.action}${
              l.toState in CYCLE_PLAN_STATES && l.action !== 'create' ? ` → ${CYCLE_PLAN_STATES[l.toState as 1 | 2 | 3].label}` : ''
            }${l.note ? `：${l.note}` : ''}`,
          }))}
        />
      </Card>
      <PlanFormDialog open={editing} plan={p as Detail} onClose={() => setEditing(false)} />
    </Space>
  );
}
