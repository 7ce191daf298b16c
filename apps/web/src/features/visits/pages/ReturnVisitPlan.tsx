import { VISIT_TYPES } from '@sk/shared/visits/visits.constants';
import type { VisitPlan as Row } from '@sk/shared/visits/visits.contract';
import { Button, Card, Popconfirm, Space, Tag } from 'antd';
import { Link, useNavigate } from 'react-router';
import { type ListColumn, ListPage } from '../../../components';
import { useApiMutation } from '../../../lib/query';
import { fetchPlans, V } from '../api';
import { dimensionLabel } from '../options';

/** 回访计划 (/returnVisitPlan): which completions are visited, when, how many and by whom. */
export default function ReturnVisitPlan() {
  const navigate = useNavigate();
  const remove = useApiMutation(V.planRemove);
  const columns: ListColumn<Row>[] = [
    { key: 'name', dataIndex: 'name', title: '计划名称', render: (v: string, r) => <Link to={`/returnVisitPlan/edit/${r.id}`}>{v}</Link> },
    {
      key: 'templateNames',
      dataIndex: 'templateNames',
      title: '适用范围',
      render: (v: string[], r) => `${VISIT_TYPES[r.visitType as keyof typeof VISIT_TYPES] ?? ''}：${v.length ? v.join('、') : '全部'}`,
    },
    { key: 'delayMinutes', dataIndex: 'delayMinutes', title: '完成后延迟', render: (v: number) => delayText(v) },
    { key: 'samplePercent', dataIndex: 'samplePercent', title: '抽样比例', render: (v: number) => `${v}%` },
    { key: 'minIntervalDays', dataIndex: 'minIntervalDays', title: '同一客户间隔', render: (v: number) => (v ? `${v}天` : '不限') },
    { key: 'dimensions', dataIndex: 'dimensions', title: '评价维度', render: (v: number[]) => v.map(dimensionLabel).join('、') },
    {
      key: 'visitorNames',
      dataIndex: 'visitorNames',
      title: '回访客服',
      render: (v: string[], r) => (r.visitorMode === 2 ? '回访池' : v.join('、')),
    },
    { key: 'enabled', dataIndex: 'enabled', title: '状态', render: (v: boolean) => (v ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>) },
    { key: 'taskCount', dataIndex: 'taskCount', title: '回访任务数', render: (v: number, r) => <Link to={`/ReturnVisitTask?planId=${r.id}`}>{v}</Link> },
    {
      key: 'actions',
      title: '操作',
      fixed: 'right',
      width: 200,
      render: (_: unknown, r) => (
        <Space>
          <Link to={`/returnVisitPlan/edit/${r.id}`}>编辑</Link>
          <Link to={`/returnVisitReport?id=${r.id}&visitType=${r.visitType}`}>报表</Link>
          <Popconfirm title="确认删除该回访计划吗？已生成的回访任务会保留。" onConfirm={() => remove.mutate({ id: r.id })}>
            <Button type="link" size="small" danger>
              删除
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
  return (
    <Card title="回访计划" size="small">
      <ListPage<Row>
        title="回访计划"
        columns={columns}
        fetch={fetchPlans}
        sort={false}
        searchPlans={false}
        defaultColumns={['name', 'templateNames', 'delayMinutes', 'samplePercent', 'minIntervalDays', 'visitorNames', 'enabled', 'taskCount', 'actions']}
        toolbar={
          <Button type="primary" onClick={() => navigate('/returnVisitPlan/edit/0')}>
            新建回访计划
          </Button>
        }
      />
    </Card>
  );
}

export function delayText(minutes: number): string {
  if (minutes === 0) return '完成后立即';
  if (minutes % 1440 === 0) return `${minutes / 1440}天`;
  if (minutes % 60 === 0) return `${minutes / 60}小时`;
  return `${minutes}分钟`;
}
