import { Card, Tabs } from 'antd';
import { fetchStockLogs } from '../api';
import { LedgerList } from '../components/LedgerList';
import { SpareDocsPage } from './SpareDocs';

/** 出入库记录: inbound and outbound movements, and the inbound/outbound documents that post them. */
export default function StockLog() {
  return (
    <Card title="出入库记录" size="small">
      <Tabs
        items={[
          { key: 'log', label: '出入库记录', children: <LedgerList title="出入库记录" fetch={fetchStockLogs} types={[3, 4]} /> },
          { key: 'in', label: '入库单', children: <SpareDocsPage kind={6} /> },
          { key: 'out', label: '出库单', children: <SpareDocsPage kind={7} /> },
        ]}
      />
    </Card>
  );
}
