// 呼叫中心 (/callcenter): my seat and the seats' states, the call records, the call-back tasks of missed calls, and
// (administrators) the seats bound to users (docs/calls.md).
import { CALL_DIRECTIONS, CALL_STATES, SEAT_STATES } from '@sk/shared/calls/calls.constants';
import { type CallRecord as Row, type CallSeat, seatBody } from '@sk/shared/calls/calls.contract';
import { Button, Card, Drawer, Form, Grid, Input, Popconfirm, Select, Space, Statistic, Switch, Table, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { ColorTag, type ListColumn, ListPage } from '../../../components';
import { PersonField } from '../../../components/PersonField';
import type { Person } from '../../../components/PersonPicker';
import { RecordFormDialog } from '../../../components/RecordFormDialog';
import { labelOptions } from '../../../lib/options';
import { useApi, useApiMutation } from '../../../lib/query';
import { useUser } from '../../../lib/session';
import { rulesOf } from '../../../lib/zodRules';
import { CallPopView } from '../CallPop';
import { CC, durationText, fetchRecords } from '../api';

export function SeatStateTag({ state, status }: { state: number; status?: string | null }) {
  const s = SEAT_STATES[state as keyof typeof SEAT_STATES];
  if (!s) return null;
  return <ColorTag color={s.color}>{state === 3 && status ? `${s.label}（${status}）` : s.label}</ColorTag>;
}

function CallStateTag({ state }: { state: number }) {
  const s = CALL_STATES[state as keyof typeof CALL_STATES];
  return s ? <ColorTag color={s.color}>{s.label}</ColorTag> : null;
}

function SeatSummary() {
  const mine = useApi(CC.seatDetails, {});
  const all = useApi(CC.seatCollect);
  const s = mine.data;
  return (
    <Space wrap size="large" data-testid="seat-summary">
      <Space>
        <Typography.Text>我的坐席：</Typography.Text>
        {s?.seatNo ? <Typography.Text strong>{s.seatNo}</Typography.Text> : <Typography.Text type="secondary">未分配</Typography.Text>}
        {s && <SeatStateTag state={s.seatState} status={s.statusName} />}
      </Space>
      {all.data && (
        <Space size="large" wrap>
          <Statistic title="坐席" value={all.data.total} />
          <Statistic title="空闲" value={all.data.idle} />
          <Statistic title="通话中" value={all.data.talking} />
          <Statistic title="离开" value={all.data.away} />
          <Statistic title="停用" value={all.data.disabled} />
        </Space>
      )}
    </Space>
  );
}

function Records({ callbacks, onPop }: { callbacks: boolean; onPop: (id: number) => void }) {
  const dial = useApiMutation(CC.dial);
  const done = useApiMutation(CC.callbackDone);
  const columns: ListColumn<Row>[] = [
    {
      key: 'number',
      dataIndex: 'number',
      title: '号码',
      render: (v: string, r) => (
        <Button type="link" size="small" style={{ padding: 0 }} onClick={() => onPop(r.id)}>
          {v}
        </Button>
      ),
    },
    { key: 'direction', dataIndex: 'direction', title: '方向', render: (v: number) => CALL_DIRECTIONS[v as 1 | 2] },
    { key: 'state', dataIndex: 'state', title: '状态', render: (v: number) => <CallStateTag state={v} /> },
    {
      key: 'customerName',
      dataIndex: 'customerName',
      title: '客户',
      render: (v: string | null, r) => (v && r.customerId ? <Link to={`/allOrder/customerDetail/${r.customerId}`}>{v}</Link> : '—'),
    },
    { key: 'contactName', dataIndex: 'contactName', title: '联系人', render: (v: string | null) => v ?? '—' },
    { key: 'userName', dataIndex: 'userName', title: '坐席人员', render: (v: string | null, r) => (v ? `${v}${r.seatNo ? `（${r.seatNo}）` : ''}` : '—') },
    { key: 'startTime', dataIndex: 'startTime', title: '开始时间' },
    { key: 'duration', dataIndex: 'duration', title: '通话时长', render: (v: number) => durationText(v) },
    {
      key: 'eventNo',
      dataIndex: 'eventNo',
      title: '关联事件',
      render: (v: string | null, r) => (v && r.eventId ? <Link to={`/Myevent/eventDetail/${r.eventId}`}>{v}</Link> : '—'),
    },
    {
      key: 'orderNo',
      dataIndex: 'orderNo',
      title: '关联工单',
      render: (v: string | null, r) => (v && r.orderId ? <Link to={`/allOrder/orderDetail/${r.orderId}`}>{v}</Link> : '—'),
    },
    {
      key: 'recordingUrl',
      dataIndex: 'recordingUrl',
      title: '录音',
      render: (v: string | null) => (v ? <audio controls preload="none" src={v} style={{ height: 28 }} /> : '—'),
    },
    { key: 'remark', dataIndex: 'remark', title: '备注', render: (v: string | null) => v ?? '—' },
    {
      key: 'actions',
      title: '操作',
      // Pinned at the table's right edge: at 1440 px the columns run past it, and the call-back buttons with them.
      fixed: 'right',
      width: 140,
      render: (_: unknown, r) => (
        <Space size={4}>
          <Button size="small" onClick={() => dial.mutate({ number: r.number, customerId: r.customerId, contactId: r.contactId })}>
            回拨
          </Button>
          {r.callbackState === 1 && (
            <Button size="small" onClick={() => done.mutate({ id: r.id })}>
              已回电
            </Button>
          )}
        </Space>
      ),
    },
  ];
  return (
    <ListPage<Row>
      title={callbacks ? '回电任务' : '通话记录'}
      routeKey={callbacks ? '/callcenter#callbacks' : '/callcenter'}
      columns={columns}
      fetch={fetchRecords}
      params={callbacks ? { callbackState: 1 } : undefined}
      sort={false}
      keywordPlaceholder="号码"
      defaultColumns={['number', 'direction', 'state', 'customerName', 'contactName', 'userName', 'startTime', 'duration', 'eventNo', 'orderNo', 'actions']}
      phoneCard={{ title: 'number', tag: 'state', rows: ['customerName', 'userName', 'startTime', 'duration', 'actions'] }}
      filters={
        <>
          <Form.Item name="direction" label="方向">
            <Select allowClear placeholder="全部" style={{ width: 120 }} options={labelOptions(CALL_DIRECTIONS)} />
          </Form.Item>
          <Form.Item name="state" label="状态">
            <Select
              allowClear
              placeholder="全部"
              style={{ width: 120 }}
              options={Object.entries(CALL_STATES).map(([k, v]) => ({ value: Number(k), label: v.label }))}
            />
          </Form.Item>
        </>
      }
    />
  );
}

interface SeatForm {
  id?: number;
  user: Person[];
  seatNo: string;
  enabled: boolean;
}

function Seats() {
  const all = useApi(CC.seatCollect);
  const save = useApiMutation(CC.seatSave);
  const remove = useApiMutation(CC.seatDelete);
  const [editing, setEditing] = useState<Partial<SeatForm> | null>(null);
  const columns = [
    { key: 'seatNo', dataIndex: 'seatNo', title: '坐席号' },
    { key: 'userName', dataIndex: 'userName', title: '坐席人员' },
    { key: 'seatState', dataIndex: 'seatState', title: '状态', render: (v: number, r: CallSeat) => <SeatStateTag state={v} status={r.statusName} /> },
    {
      key: 'actions',
      title: '操作',
      render: (_: unknown, r: CallSeat) => (
        <Space size={4}>
          <Button
            size="small"
            onClick={() =>
              setEditing({
                id: r.id ?? undefined,
                user: [{ id: r.fkTUserId, name: r.userName } as Person],
                seatNo: r.seatNo ?? '',
                enabled: r.enableState === 1,
              })
            }
          >
            编辑
          </Button>
          <Popconfirm title="确定删除该坐席？" onConfirm={() => r.id && remove.mutateAsync({ id: r.id })}>
            <Button size="small" danger>
              删除
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
  return (
    <>
      <Space style={{ marginBottom: 12 }}>
        <Button type="primary" onClick={() => setEditing({ user: [], seatNo: '', enabled: true })}>
          新增坐席
        </Button>
        <Typography.Text type="secondary">坐席状态跟随人员状态：空闲（或未设置）可接听，其他状态为离开。</Typography.Text>
      </Space>
      <Table<CallSeat>
        rowKey={(r) => r.id ?? r.fkTUserId}
        size="small"
        columns={columns}
        dataSource={all.data?.list ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
      />
      <RecordFormDialog<SeatForm>
        open={editing != null}
        title={editing?.id ? '编辑坐席' : '新增坐席'}
        name="seat"
        initialValues={editing ?? undefined}
        destroyOnHidden
        onClose={() => setEditing(null)}
        onSubmit={async (v) => {
          await save.mutateAsync({ id: editing?.id, fkTUserId: v.user[0]?.id as number, seatNo: v.seatNo, enableState: v.enabled ? 1 : 0 });
          setEditing(null);
        }}
      >
        <Form.Item
          name="user"
          label="坐席人员"
          // why: the picker holds a list of people; the contract's fkTUserId is the first one's id
          rules={[{ required: true, type: 'array', min: 1, message: '请选择坐席人员' }]}
        >
          <PersonField placeholder="选择人员" />
        </Form.Item>
        <Form.Item name="seatNo" label="坐席号" rules={rulesOf(seatBody.shape.seatNo)}>
          <Input maxLength={32} placeholder="通话平台中的坐席号/分机号" />
        </Form.Item>
        <Form.Item name="enabled" label="启用" valuePropName="checked">
          <Switch />
        </Form.Item>
      </RecordFormDialog>
    </>
  );
}

export default function Callcenter() {
  const user = useUser();
  const [pop, setPop] = useState<number | null>(null);
  const mobile = !Grid.useBreakpoint().md;
  const items = [
    { key: 'records', label: '通话记录', children: <Records callbacks={false} onPop={setPop} /> },
    { key: 'callbacks', label: <span>回电任务</span>, children: <Records callbacks onPop={setPop} /> },
    ...(user.admin ? [{ key: 'seats', label: '坐席管理', children: <Seats /> }] : []),
  ];
  return (
    <Card title="呼叫中心" size="small" extra={<Tag>来电自动弹屏</Tag>}>
      <SeatSummary />
      <Tabs items={items} destroyOnHidden style={{ marginTop: 12 }} />
      <Drawer title="通话详情" open={pop != null} onClose={() => setPop(null)} width={mobile ? '100vw' : 520} destroyOnHidden>
        {pop != null && <CallPopView id={pop} onNavigate={() => setPop(null)} />}
      </Drawer>
    </Card>
  );
}
