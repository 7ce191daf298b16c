import { PlusOutlined } from '@ant-design/icons';
import { teamContract } from '@sk/shared/org/team.contract';
import { SETTLE_STATES } from '@sk/shared/settle/settle.constants';
import type { SettlementRow } from '@sk/shared/settle/settle.contract';
import { Alert, Button, Card } from 'antd';
import dayjs from 'dayjs';
import { Link, useNavigate } from 'react-router';
import { FilterSelect, type ListColumn, ListPage } from '../../../components';
import { labelOptions } from '../../../lib/options';
import { useApi } from '../../../lib/query';
import { useUser } from '../../../lib/session';
import { C, fetchStatements, yuan } from '../api';
import { SettleStateTag } from '../components/settleBits';

/** Last month's calendar days, as the statement's period takes them. */
function lastMonth() {
  const m = dayjs().subtract(1, 'month');
  return { periodStart: m.startOf('month').format('YYYY-MM-DD'), periodEnd: m.endOf('month').format('YYYY-MM-DD') };
}

/** Finance's reminder: the providers with last month to settle and no statement over it (the badge's); 去结算 opens the create page. */
function LastMonthPending() {
  const navigate = useNavigate();
  const rows = useApi(C.pending, { ...lastMonth(), uncovered: '1' }).data ?? [];
  if (rows.length === 0) return null;
  const total = rows.reduce((s, r) => s + r.totalCents, 0);
  const names =
    rows
      .slice(0, 3)
      .map((r) => r.providerName)
      .join('、') + (rows.length > 3 ? ' 等' : '');
  const only = rows.length === 1 ? `?providerId=${rows[0]?.providerId}` : '';
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 12 }}
      message={`上月有 ${rows.length} 家服务商尚未结算：${names}，合计 ${yuan(total)}`}
      action={
        <Button size="small" type="primary" onClick={() => navigate(`/settleAccounts/create${only}`)}>
          去结算
        </Button>
      }
    />
  );
}

/** 外包结算: the statements (finance: every provider's; a provider's user: his own, once issued). */
export default function SettleAccountsList() {
  const navigate = useNavigate();
  const finance = useUser().userType !== 1;
  const providers = useApi(teamContract.providerSimpleList, {}, { enabled: finance });
  const columns: ListColumn<SettlementRow>[] = [
    { key: 'settleNo', dataIndex: 'settleNo', title: '结算单号', render: (v: string, r) => <Link to={`/settleAccounts/detail?id=${r.id}`}>{v}</Link> },
    { key: 'providerName', dataIndex: 'providerName', title: '服务商' },
    { key: 'period', dataIndex: 'periodStart', title: '结算期间', render: (_: unknown, r) => `${r.periodStart} 至 ${r.periodEnd}` },
    { key: 'state', dataIndex: 'state', title: '状态', render: (v: number) => <SettleStateTag state={v} /> },
    { key: 'totalCents', dataIndex: 'totalCents', title: '结算金额', render: (v: number) => yuan(v) },
    { key: 'lineCount', dataIndex: 'lineCount', title: '明细数' },
    { key: 'disputedCount', dataIndex: 'disputedCount', title: '异议明细', render: (v: number) => (v ? <span style={{ color: '#cf1322' }}>{v}</span> : 0) },
    { key: 'create_time', dataIndex: 'create_time', title: '创建时间' },
  ];
  return (
    <Card title="外包结算" size="small">
      {finance && <LastMonthPending />}
      <ListPage<SettlementRow>
        title="外包结算"
        columns={columns}
        fetch={fetchStatements}
        sort={false}
        phoneCard={['settleNo', 'state', 'providerName', 'period', 'totalCents']}
        filters={
          <>
            {finance && (
              <FilterSelect name="providerId" label="服务商" width={200} options={(providers.data ?? []).map((p) => ({ value: p.id, label: p.name }))} />
            )}
            <FilterSelect name="state" label="状态" width={140} options={labelOptions(SETTLE_STATES)} />
          </>
        }
        toolbar={
          finance ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/settleAccounts/create')}>
              新建结算单
            </Button>
          ) : null
        }
      />
    </Card>
  );
}
