// The task lists: /ReturnVisitTask (every task) and /returnVisitOrder (mine, and the pool to take from), with the
// spec's filters (orderNo, orderTitle, customerName, returnVisit, returnVisitTime) and the state tabs 1–5.
import type { VisitTaskRow as Row } from '@sk/shared/visits/visits.contract';
import { Button, Form, Input, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DateRangePicker, type ListColumn, ListPage, PersonField, type Person } from '../../components';
import { useApi, useApiMutation } from '../../lib/query';
import { fetchMyTasks, fetchTasks, V } from './api';
import { channelLabel, STATE_TABS, stateColor, stateLabel } from './options';

const detailPath = (id: number) => `/returnVisitOrder/ReturnVisitTaskDetail/${id}`;

function mapFilters(values: Record<string, unknown>): Record<string, unknown> {
  const { visitTime, returnVisit, ...rest } = values as { visitTime?: [string, string]; returnVisit?: Person[] };
  return {
    ...rest,
    returnVisit: returnVisit?.[0]?.id,
    returnVisitStartTime: visitTime?.[0],
    returnVisitEndTime: visitTime?.[1],
  };
}

export function TaskTable({ mine }: { mine: boolean }) {
  const [search] = useSearchParams();
  const [tab, setTab] = useState(search.get('state') ?? '0');
  const [pool, setPool] = useState(false);
  const counts = useApi(V.count, { dataType: mine ? '0' : '1' });
  const grab = useApiMutation(V.grab);
  // The report's figures open this list on their filters (plan, engineer, team, type, reason, period).
  const initial: Record<string, unknown> = {};
  for (const k of ['planId', 'engineerId', 'serviceGroupId', 'templateId', 'reason', 'startTime', 'endTime']) {
    const v = search.get(k);
    if (v) initial[k] = v;
  }
  const columns: ListColumn<Row>[] = [
    {
      key: 'orderNo',
      dataIndex: 'orderNo',
      title: '工单编号',
      render: (v: string, r) => (
        <>
          <Link to={detailPath(r.id)}>{v}</Link>
          {r.visitType === 6 ? <Tag style={{ marginLeft: 4 }}>事件</Tag> : null}
        </>
      ),
    },
    { key: 'orderTitle', dataIndex: 'orderTitle', title: '工单标题' },
    { key: 'customerName', dataIndex: 'customerName', title: '客户名称' },
    { key: 'state', dataIndex: 'state', title: '回访状态', render: (v: number) => <Tag color={stateColor(v)}>{stateLabel(v)}</Tag> },
    { key: 'visitorName', dataIndex: 'visitorName', title: '回访客服', render: (v: string | null) => v ?? '回访池' },
    { key: 'engineerName', dataIndex: 'engineerName', title: '服务人员', render: (v: string | null) => v ?? '—' },
    { key: 'planName', dataIndex: 'planName', title: '回访计划' },
    { key: 'returnVisitTime', dataIndex: 'returnVisitTime', title: '回访时间', render: (v: string | null) => v ?? '—' },
    { key: 'nextVisitDate', dataIndex: 'nextVisitDate', title: '下次回访日期', render: (v: string | null) => v ?? '—' },
    { key: 'reason', dataIndex: 'reason', title: '原因', render: (v: string | null) => v ?? '—' },
    { key: 'channel', dataIndex: 'channel', title: '回访方式', render: (v: number | null) => channelLabel(v) },
    { key: 'create_time', dataIndex: 'create_time', title: '创建时间' },
    {
      key: 'actions',
      title: '操作',
      fixed: 'right',
      width: 120,
      render: (_: unknown, r) =>
        r.visitorId == null && r.state === 1 ? (
          <Button size="small" type="link" loading={grab.isPending} onClick={() => grab.mutate({ taskId: r.id, version: r.version })}>
            领取
          </Button>
        ) : (
          <Link to={detailPath(r.id)}>{r.state === 1 || r.state === 4 ? '去回访' : '查看'}</Link>
        ),
    },
  ];
  const n = (k: string) => (k === '0' ? counts.data?.all : counts.data?.states[k]);
  return (
    <>
      <Tabs
        activeKey={pool ? 'pool' : tab}
        onChange={(k) => {
          if (k === 'pool') return setPool(true);
          setPool(false);
          setTab(k);
        }}
        items={[
          ...STATE_TABS.map((t) => ({ key: t.key, label: `${t.label}${n(t.key) != null ? ` (${n(t.key)})` : ''}` })),
          ...(mine ? [{ key: 'pool', label: '回访池' }] : []),
        ]}
      />
      <ListPage<Row>
        title={mine ? '回访工单' : '回访任务'}
        columns={columns}
        fetch={mine ? fetchMyTasks : fetchTasks}
        sort={false}
        params={{ state: pool || tab === '0' ? undefined : tab, ...(mine ? { pool: pool ? '1' : undefined } : {}) }}
        initialQuery={initial}
        mapFilters={mapFilters}
        phoneCard={['orderNo', 'state', 'customerName', 'orderTitle', 'actions']}
        filters={
          <>
            <Form.Item name="orderNo" label="工单编号">
              <Input allowClear placeholder="工单编号" style={{ width: 160 }} />
            </Form.Item>
            <Form.Item name="orderTitle" label="工单标题">
              <Input allowClear placeholder="工单标题" style={{ width: 160 }} />
            </Form.Item>
            <Form.Item name="customerName" label="客户名称">
              <Input allowClear placeholder="客户名称" style={{ width: 160 }} />
            </Form.Item>
            {mine ? null : (
              <Form.Item name="returnVisit" label="回访客服">
                <PersonField role={7} placeholder="选择回访客服" />
              </Form.Item>
            )}
            <Form.Item name="visitTime" label="回访时间">
              <DateRangePicker />
            </Form.Item>
          </>
        }
      />
    </>
  );
}
