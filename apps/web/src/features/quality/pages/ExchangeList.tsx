// 退换货 (/exchangeOrderList): exchange and return orders awaiting approval or decided.
import type { ExchangeRow as Row } from '@sk/shared/quality/repair.contract';
import { Form, Select, Tag } from 'antd';
import { Link } from 'react-router';
import { DateRangePicker, type ListColumn, ListPage } from '../../../components';
import { exchangePath, fetchExchanges, yuan } from '../api';
import { EXCHANGE_KIND_OPTIONS, EXCHANGE_STATE_OPTIONS, exchangeColor, exchangeKind, exchangeSource, exchangeState } from '../options';

function mapFilters(values: Record<string, unknown>): Record<string, unknown> {
  const { created, ...rest } = values as { created?: [string, string] };
  return { ...rest, startTime: created?.[0], endTime: created?.[1] };
}

export default function ExchangeList() {
  const columns: ListColumn<Row>[] = [
    { key: 'exchangeNo', dataIndex: 'exchangeNo', title: '退换货单号', render: (v: string, r) => <Link to={exchangePath(r.id)}>{v}</Link> },
    { key: 'kind', dataIndex: 'kind', title: '类型', render: (v: number) => exchangeKind(v) },
    { key: 'state', dataIndex: 'state', title: '状态', render: (v: number) => <Tag color={exchangeColor(v)}>{exchangeState(v)}</Tag> },
    { key: 'customerName', dataIndex: 'customerName', title: '客户名称', render: (v: string | null) => v ?? '—' },
    { key: 'productName', dataIndex: 'productName', title: '产品型号', render: (v: string | null) => v ?? '—' },
    { key: 'serialNumbers', dataIndex: 'serialNumbers', title: '序列号', render: (v: string[]) => v.join('、') || '—' },
    { key: 'reason', dataIndex: 'reason', title: '退换原因' },
    { key: 'amount', dataIndex: 'amount', title: '金额（元）', render: (v: number) => yuan(v) },
    { key: 'applicantName', dataIndex: 'applicantName', title: '申请人', render: (v: string | null) => v ?? '—' },
    { key: 'sourceType', dataIndex: 'sourceType', title: '来源', render: (v: number) => exchangeSource(v) },
    { key: 'create_time', dataIndex: 'create_time', title: '创建时间' },
  ];
  return (
    <ListPage<Row>
      title="退换货"
      columns={columns}
      fetch={fetchExchanges}
      sort={false}
      mapFilters={mapFilters}
      keywordPlaceholder="退换货单号或客户名称"
      defaultColumns={['exchangeNo', 'kind', 'state', 'customerName', 'productName', 'serialNumbers', 'reason', 'amount', 'create_time']}
      phoneCard={['exchangeNo', 'state', 'kind', 'customerName', 'amount']}
      filters={
        <>
          <Form.Item name="state" label="状态">
            <Select allowClear options={EXCHANGE_STATE_OPTIONS} style={{ width: 120 }} placeholder="全部" />
          </Form.Item>
          <Form.Item name="kind" label="类型">
            <Select allowClear options={EXCHANGE_KIND_OPTIONS} style={{ width: 120 }} placeholder="全部" />
          </Form.Item>
          <Form.Item name="created" label="创建时间">
            <DateRangePicker />
          </Form.Item>
        </>
      }
    />
  );
}
