import { ClockCircleOutlined } from '@ant-design/icons';
import type { PoolRow } from '@sk/shared/pool/pool.contract';
import { Button, Form, Popconfirm, Select, Space, Tag } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { contractFetcher, type ListColumn, ListPage, PriorityTag, RecordFormDialog } from '../../components';
import type { PhoneCardLayout } from '../../components/list/PhoneCards';
import { MapLink } from '../../components/MapLink';
import { call } from '../../lib/api';
import { invalidate } from '../../lib/query';
import { visitTime } from '../../lib/visitTime';
import { rulesOf } from '../../lib/zodRules';
import { displayDateTime } from '../../lib/format';
import { distanceText, orderDetailPath, poolContract } from './api';
import { GrabDialog } from './GrabDialog';
import { MyGrabs } from './MyGrabs';

/** Columns of the pool; `actions` is grab (engineers) or take out (dispatchers). */
export function poolColumns(actions: ListColumn<PoolRow>): ListColumn<PoolRow>[] {
  return [
    { key: 'title', dataIndex: 'title', title: '工单标题', render: (v: string, r) => <Link to={orderDetailPath(r.id)}>{v}</Link> },
    { key: 'orderNo', dataIndex: 'orderNo', title: '工单编号' },
    { key: 'distance', dataIndex: 'distance', title: '距离', render: (v: number | null) => distanceText(v) },
    {
      key: 'fullAddress',
      dataIndex: 'fullAddress',
      title: '服务地址',
      render: (v: string | null, r) => <MapLink place={{ address: v, latitude: r.latitude, longitude: r.longitude }} />,
    },
    { key: 'customerName', dataIndex: 'customerName', title: '客户', render: (v: string | null) => v || '—' },
    { key: 'serviceGroupName', dataIndex: 'serviceGroupName', title: '服务团队', render: (v: string | null) => v || '不限' },
    { key: 'skills', dataIndex: 'skills', title: '技能要求', render: (s: string[]) => (s.length ? s.map((x) => <Tag key={x}>{x}</Tag>) : '不限') },
    { key: 'priority', dataIndex: 'priority', title: '优先级', render: (p: number) => <PriorityTag value={p} /> },
    { key: 'pooledAt', dataIndex: 'pooledAt', title: '入池时间', render: (v: string | null) => displayDateTime(v) || '—' },
    { key: 'createdAt', dataIndex: 'createdAt', title: '创建时间', render: (v: string) => displayDateTime(v) },
    actions,
  ];
}

/** A pooled order at phone width: what, when the customer wants it, where (to the map app) and how far, what it needs. */
const POOL_PHONE_CARD: PhoneCardLayout<PoolRow> = {
  title: 'title',
  tag: 'priority',
  lead: [
    {
      key: 'appointmentAt',
      icon: <ClockCircleOutlined />,
      label: '预约时间',
      render: (r) => (r.appointmentAt ? visitTime(r.appointmentAt) : <span className="sk-muted">未预约</span>),
    },
    {
      key: 'fullAddress',
      render: (r) => (
        <span>
          <MapLink place={{ address: r.fullAddress, latitude: r.latitude, longitude: r.longitude }} />
          {r.distance != null ? <span className="sk-muted">{`　${distanceText(r.distance)}`}</span> : null}
        </span>
      ),
    },
  ],
  rows: ['skills', 'pooledAt'],
  foot: 'orderNo',
  actions: true,
};

/** The orders that may go in (待派单, unassigned, not pooled yet; the server filters) by number or title; the first 20 show when it opens. */
function PendingOrderSelect(props: { id?: string; value?: number[]; onChange?: (v: number[]) => void }) {
  const [options, setOptions] = useState<{ value: number; label: string }[]>([]);
  const search = useCallback(
    (keyword: string) =>
      call(poolContract.candidates, { keyword: keyword || undefined }, { silent: true }).then(
        (r) => setOptions(r.map((o) => ({ value: o.id, label: `${o.orderNo} ${o.title}` }))),
        () => setOptions([]),
      ),
    [],
  );
  useEffect(() => void search(''), [search]);
  return <Select {...props} mode="multiple" showSearch={{ filterOption: false, onSearch: search }} options={options} placeholder="输入工单编号或标题搜索" />;
}

/** Picks 待派单 orders (by number or title) to put in the pool. */
function PutDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const submit = async (v: { orderIds: number[]; skills?: string[] }) => {
    await call(poolContract.put, { orderIds: v.orderIds, skills: v.skills ?? [] }, { successToast: true });
  };
  return (
    <RecordFormDialog<{ orderIds: number[]; skills?: string[] }>
      open={open}
      title="放入工单池"
      okText="放入"
      name="skPoolPutForm"
      onSubmit={submit}
      onClose={onClose}
    >
      <Form.Item name="orderIds" label="待派单工单" rules={rulesOf(poolContract.put.body.shape.orderIds, { required: '请选择工单' })}>
        <PendingOrderSelect />
      </Form.Item>
      <Form.Item name="skills" label="技能要求" extra="只有具备全部所选技能的服务人员能看到并抢单">
        <Select mode="tags" placeholder="输入技能后回车，如：空调" tokenSeparators={[',', '，']} />
      </Form.Item>
    </RecordFormDialog>
  );
}

const fetchPool = contractFetcher<PoolRow>(poolContract.list);

/** The pool list: everything for dispatchers (put in, take out), the eligible orders for engineers (grab). */
export function PoolList({ canGrab, manage }: { canGrab: boolean; manage: boolean }) {
  const navigate = useNavigate();
  const [putting, setPutting] = useState(false);
  const [grabbing, setGrabbing] = useState<PoolRow | null>(null);
  // A refused time keeps the dialog open to choose another; a lost race closes it and refreshes the list.
  const grab = (r: PoolRow, bespokeTime?: string) =>
    call(poolContract.grab, { orderId: r.id, version: r.version, bespokeTime }, { successToast: true }).then(
      () => navigate(orderDetailPath(r.id)),
      (e: { code?: string }) => {
        if (e?.code === 'SCHEDULE_CLASH' || e?.code === 'APPOINTMENT_PAST') return;
        setGrabbing(null);
        return invalidate(poolContract.list); // a grab that succeeds refreshes it through staleAfter (api.ts)
      },
    );
  // refused (another took or grabbed it first): the list as it is now; a take that succeeds refreshes it through staleAfter
  const take = (r: PoolRow) => call(poolContract.take, { orderIds: [r.id] }, { successToast: true }).catch(() => invalidate(poolContract.list));
  const actions: ListColumn<PoolRow> = {
    key: 'actions',
    title: '操作',
    fixed: 'right',
    width: 110,
    render: (_: unknown, r: PoolRow) => (
      <Space size={4}>
        {canGrab ? (
          <Button type="primary" size="small" onClick={() => setGrabbing(r)}>
            抢单
          </Button>
        ) : null}
        {manage ? (
          <Popconfirm title="移出工单池后回到待派单，确定吗？" onConfirm={() => take(r)} okText="移出" cancelText="取消">
            <Button type="link" size="small">
              移出
            </Button>
          </Popconfirm>
        ) : null}
      </Space>
    ),
  };
  const toolbar = manage ? (
    <Button type="primary" onClick={() => setPutting(true)}>
      放入工单池
    </Button>
  ) : null;
  return (
    <>
      {canGrab ? <MyGrabs /> : null}
      <ListPage<PoolRow>
        title="工单公海"
        columns={poolColumns(actions)}
        defaultColumns={['title', 'orderNo', 'distance', 'fullAddress', 'customerName', 'serviceGroupName', 'skills', 'pooledAt', 'actions']}
        fetch={fetchPool}
        keywordPlaceholder="请输入工单编号或标题"
        sort={false}
        toolbar={toolbar}
        phoneCard={POOL_PHONE_CARD}
        searchPlans={false}
      />
      <PutDialog open={putting} onClose={() => setPutting(false)} />
      {grabbing ? <GrabDialog key={grabbing.id} row={grabbing} onClose={() => setGrabbing(null)} onGrab={(at) => grab(grabbing, at)} /> : null}
    </>
  );
}
