import type { OldPartReturn as Row } from '@sk/shared/spares/spares.contract';
import { Card, Tag } from 'antd';
import { Link } from 'react-router';
import { FilterSelect, type ListColumn, ListPage } from '../../../components';
import { fetchOldParts, S } from '../api';
import { OldPartActions } from '../components/OldPartActions';
import { label, OLD_PART_STATES, OLD_STATE_OPTIONS, RETURN_TYPES } from '../options';
import { invalidate } from '../../../lib/query';

/** 旧件返还: the return obligations of parts replaced under warranty, overdue ones marked. */
export default function OldPartReturn() {
  const columns: ListColumn<Row>[] = [
    { key: 'id', dataIndex: 'id', title: '编号', render: (v: number) => <Link to={`/oldPartReturnDetail?id=${v}`}>{`旧件-${v}`}</Link> },
    { key: 'spareName', dataIndex: 'spareName', title: '备件' },
    { key: 'serial', dataIndex: 'serial', title: '旧件序列号', render: (v: string | null) => v ?? '—' },
    {
      key: 'state',
      dataIndex: 'state',
      title: '状态',
      render: (v: number, r) => (
        <>
          <Tag color={v === 1 ? 'orange' : 'green'}>{label(OLD_PART_STATES, v)}</Tag>
          {r.overdue ? <Tag color="red">已逾期</Tag> : null}
        </>
      ),
    },
    { key: 'returnType', dataIndex: 'returnType', title: '返还方式', render: (v: number) => label(RETURN_TYPES, v) },
    {
      key: 'orderId',
      dataIndex: 'orderId',
      title: '工单',
      render: (v: number | null) => (v ? <Link to={`/allOrder/orderDetail/${v}`}>{`工单-${v}`}</Link> : '—'),
    },
    { key: 'holderName', dataIndex: 'holderName', title: '责任人', render: (v: string | null) => v ?? '—' },
    { key: 'due_time', dataIndex: 'due_time', title: '返还期限' },
    { key: 'trackingNo', dataIndex: 'trackingNo', title: '物流', render: (v: string | null, r) => (v ? `${r.logistics ?? ''} ${v}` : '—') },
    { key: 'actions', title: '操作', fixed: 'right', width: 160, render: (_: unknown, r) => <OldPartActions r={r} onDone={() => invalidate(S.oldList)} /> },
  ];
  return (
    <Card title="旧件返还" size="small">
      <ListPage<Row>
        title="旧件返还"
        columns={columns}
        fetch={fetchOldParts}
        sort={false}
        phoneCard={['spareName', 'state', 'serial', 'due_time', 'actions']}
        filters={
          <>
            <FilterSelect name="state" label="状态" width={140} options={OLD_STATE_OPTIONS} />
            <FilterSelect name="overdue" label="逾期" width={120} options={[{ value: '1', label: '仅逾期' }]} />
          </>
        }
      />
    </Card>
  );
}
