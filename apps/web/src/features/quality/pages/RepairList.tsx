// 寄修单 (/repairOrderList): repair-sent orders by state, with their logistics; raised from a complaint, an order or a
// return visit (AfterSales), opened here to confirm, complete or cancel.
import type { RepairRow as Row } from '@sk/shared/quality/repair.contract';
import { Form, Select, Tag } from 'antd';
import { Link } from 'react-router';
import { DateRangePicker, type ListColumn, ListPage } from '../../../components';
import { fetchRepairs, repairPath, yuan } from '../api';
import { REPAIR_STATE_OPTIONS, repairColor, repairSource, repairState } from '../options';

function mapFilters(values: Record<string, unknown>): Record<string, unknown> {
  const { created, ...rest } = values as { created?: [string, string] };
  return { ...rest, startTime: created?.[0], endTime: created?.[1] };
}

export default function RepairList() {
  const columns: ListColumn<Row>[] = [
    { key: 'repairNo', dataIndex: 'repairNo', title: '寄修单号', render: (v: string, r) => <Link to={repairPath(r.id)}>{v}</Link> },
    { key: 'state', dataIndex: 'state', title: '状态', render: (v: number) => <Tag color={repairColor(v)}>{repairState(v)}</Tag> },
    { key: 'customerName', dataIndex: 'customerName', title: '客户名称', render: (v: string | null) => v ?? '—' },
    { key: 'productName', dataIndex: 'productName', title: '产品型号', render: (v: string | null) => v ?? '—' },
    { key: 'serialNumber', dataIndex: 'serialNumber', title: '序列号' },
    { key: 'fault', dataIndex: 'fault', title: '故障描述' },
    { key: 'inWaybill', dataIndex: 'inWaybill', title: '寄入物流', render: (v: string | null, r) => (v ? `${r.inCarrier ?? ''} ${v}` : '—') },
    { key: 'outWaybill', dataIndex: 'outWaybill', title: '寄回物流', render: (v: string | null, r) => (v ? `${r.outCarrier ?? ''} ${v}` : '—') },
    { key: 'cost', dataIndex: 'cost', title: '维修费用（元）', render: (v: number) => yuan(v) },
    { key: 'sourceType', dataIndex: 'sourceType', title: '来源', render: (v: number) => repairSource(v) },
    { key: 'create_time', dataIndex: 'create_time', title: '创建时间' },
  ];
  return (
    <ListPage<Row>
      title="寄修单"
      columns={columns}
      fetch={fetchRepairs}
      sort={false}
      mapFilters={mapFilters}
      keywordPlaceholder="寄修单号、序列号或客户名称"
      defaultColumns={['repairNo', 'state', 'customerName', 'productName', 'serialNumber', 'fault', 'inWaybill', 'outWaybill', 'create_time']}
      phoneCard={['repairNo', 'state', 'customerName', 'serialNumber', 'fault']}
      filters={
        <>
          <Form.Item name="state" label="状态">
            <Select allowClear options={REPAIR_STATE_OPTIONS} style={{ width: 120 }} placeholder="全部" />
          </Form.Item>
          <Form.Item name="created" label="创建时间">
            <DateRangePicker />
          </Form.Item>
        </>
      }
    />
  );
}
