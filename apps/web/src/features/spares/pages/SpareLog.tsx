import { Card } from 'antd';
import { fetchLogs } from '../api';
import { LedgerList } from '../components/LedgerList';

/** 备件日志: the whole ledger (stock log types 1–16). */
export default function SpareLog() {
  return (
    <Card title="备件日志" size="small">
      <LedgerList title="备件日志" fetch={fetchLogs} />
    </Card>
  );
}
