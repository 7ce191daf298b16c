// 周期计划 (/cyclePlan): plans on installed products or maintenance contracts that generate orders on their dates.
import { CYCLE_PLAN_STATES, CYCLE_TARGETS } from '@sk/shared/cycle/cycle.constants';
import type { CyclePlan as Row } from '@sk/shared/cycle/cycle.contract';
import { Button, Card, Form, Select } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ColorTag, type ListColumn, ListPage } from '../../../components';
import { fetchPlans } from '../api';
import { frequencyText, startText } from '../format';
import { PlanFormDialog } from '../PlanFormDialog';

export const planPath = (id: number) => `/cyclePlan/detail/${id}`;

export function PlanStateTag({ state }: { state: number }) {
  const s = CYCLE_PLAN_STATES[state as keyof typeof CYCLE_PLAN_STATES];
  return s ? <ColorTag color={s.color}>{s.label}</ColorTag> : null;
}

export default function CyclePlan() {
  const navigate = useNavigate();
  const [adding, setAdding] = useState(false);
  const columns: ListColumn<Row>[] = [
    { key: 'name', dataIndex: 'name', title: '计划名称', render: (v: string, r) => <Link to={planPath(r.id)}>{v}</Link> },
    { key: 'state', dataIndex: 'state', title: '状态', render: (v: number) => <PlanStateTag state={v} /> },
    { key: 'customerName', dataIndex: 'customerName', title: '客户' },
    {
      key: 'target',
      title: '计划对象',
      render: (_: unknown, r) =>
        `${CYCLE_TARGETS[r.targetType as 1 | 2]}：${r.targetType === 1 ? `${r.productName ?? ''}${r.serialNumber ? `（${r.serialNumber}）` : ''}` : (r.contractName ?? '')}`,
    },
    { key: 'templateName', dataIndex: 'templateName', title: '周期模板' },
    { key: 'engineerName', dataIndex: 'engineerName', title: '指定工程师', render: (v: string | null) => v ?? '按派单规则' },
    { key: 'frequency', title: '周期', render: (_: unknown, r) => frequencyText(r.every, r.unit, r.dayOfPeriod) },
    { key: 'start', title: '开始方式', render: (_: unknown, r) => startText(r) },
    { key: 'lastDueDate', dataIndex: 'lastDueDate', title: '最近到期日', render: (v: string | null) => (v ? v.replaceAll('-', '/') : '—') },
    { key: 'orderCount', dataIndex: 'orderCount', title: '已生成工单', width: 150 },
    { key: 'endDate', dataIndex: 'endDate', title: '结束日期', render: (v: string | null) => (v ? v.replaceAll('-', '/') : '—') },
    { key: 'create_time', dataIndex: 'create_time', title: '创建时间' },
  ];
  return (
    <Card title="周期计划" size="small">
      <ListPage<Row>
        title="周期计划"
        columns={columns}
        fetch={fetchPlans}
        sort={false}
        keywordPlaceholder="计划名称"
        defaultColumns={['name', 'state', 'customerName', 'target', 'templateName', 'frequency', 'lastDueDate', 'orderCount', 'create_time']}
        phoneCard={{ title: 'name', tag: 'state', rows: ['customerName', 'target', 'frequency', 'lastDueDate'] }}
        toolbar={
          <Button type="primary" onClick={() => setAdding(true)}>
            新建周期计划
          </Button>
        }
        filters={
          <Form.Item name="state" label="状态">
            <Select
              allowClear
              placeholder="全部"
              style={{ width: 120 }}
              options={Object.entries(CYCLE_PLAN_STATES).map(([k, v]) => ({ value: Number(k), label: v.label }))}
            />
          </Form.Item>
        }
      />
      <PlanFormDialog
        open={adding}
        plan={null}
        onClose={() => setAdding(false)}
        onSaved={(id) => {
          if (id) navigate(planPath(id));
        }}
      />
    </Card>
  );
}
