import type { StockLog } from '@sk/shared/spares/spares.contract';
import { Form } from 'antd';
import { Link } from 'react-router';
import { DateRangePicker, FilterSelect, type ListColumn, ListPage, type ReadFetcher } from '../../../components';
import { examinePath, LOG_TYPE_OPTIONS } from '../options';
import { SpareSelect, WarehouseSelect } from './Selects';

const source = (r: StockLog) => {
  if (r.docKind === 'doc' && r.docId) return <Link to={examinePath(r.docId)}>{r.docNo ?? `单据-${r.docId}`}</Link>;
  if (r.orderId) return <Link to={`/allOrder/orderDetail/${r.orderId}`}>{`工单-${r.orderId}`}</Link>;
  if (r.docKind === 'old_part' && r.docId) return <Link to={`/oldPartReturnDetail?id=${r.docId}`}>{`旧件-${r.docId}`}</Link>;
  return '—';
};

/** The ledger on ListPage: every movement with before and after, filtered by spare, warehouse, type and time. */
export function LedgerList(p: { title: string; fetch: ReadFetcher<StockLog>; types?: number[] }) {
  const columns: ListColumn<StockLog>[] = [
    { key: 'create_time', dataIndex: 'create_time', title: '时间' },
    { key: 'typeName', dataIndex: 'typeName', title: '类型' },
    { key: 'spareCode', dataIndex: 'spareCode', title: '备件编号' },
    { key: 'spareName', dataIndex: 'spareName', title: '备件名称' },
    { key: 'warehouseName', dataIndex: 'warehouseName', title: '仓库' },
    { key: 'change', dataIndex: 'change', title: '变动数量', render: (v: number) => (v > 0 ? `+${v}` : v) },
    { key: 'before', dataIndex: 'before', title: '变动前' },
    { key: 'after', dataIndex: 'after', title: '变动后' },
    { key: 'source', title: '来源单据', render: (_: unknown, r) => source(r) },
    { key: 'serialIn', dataIndex: 'serialIn', title: '新件序列号', render: (v: string | null) => v ?? '—' },
    { key: 'serialOut', dataIndex: 'serialOut', title: '旧件序列号', render: (v: string | null) => v ?? '—' },
    { key: 'userName', dataIndex: 'userName', title: '操作人', render: (v: string | null) => v ?? '—' },
  ];
  const options = p.types ? LOG_TYPE_OPTIONS.filter((o) => p.types?.includes(o.value)) : LOG_TYPE_OPTIONS;
  return (
    <ListPage<StockLog>
      title={p.title}
      columns={columns}
      fetch={p.fetch}
      sort={false}
      defaultColumns={['create_time', 'typeName', 'spareName', 'warehouseName', 'change', 'before', 'after', 'source', 'serialIn', 'serialOut']}
      phoneCard={['spareName', 'typeName', 'change', 'warehouseName', 'create_time']}
      filters={
        <>
          <Form.Item name="spareId" label="备件">
            <SpareSelect style={{ width: 220 }} aria-label="备件筛选" />
          </Form.Item>
          <Form.Item name="warehouseId" label="仓库">
            <WarehouseSelect style={{ width: 200 }} aria-label="仓库筛选" />
          </Form.Item>
          <FilterSelect name="type" label="类型" width={140} options={options} />
          <Form.Item name="range" label="时间">
            <DateRangePicker />
          </Form.Item>
        </>
      }
      mapFilters={({ range, ...rest }) => {
        const r = range as [string, string] | null | undefined;
        return { ...rest, start: r?.[0] || undefined, end: r?.[1] || undefined };
      }}
    />
  );
}
