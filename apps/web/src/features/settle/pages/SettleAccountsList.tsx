import { PlusOutlined } from '@ant-design/icons';
import { teamContract } from '@sk/shared/org/team.contract';
import { SETTLE_STATES } from '@sk/shared/settle/settle.constants';
import type { SettlementRow } from '@sk/shared/settle/settle.contract';
import { Button, Card } from 'antd';
import { Link, useNavigate } from 'react-router';
import { FilterSelect, type ListColumn, ListPage } from '../../../components';
import { labelOptions } from '../../../lib/options';
import { useApi } from '../../../lib/query';
import { useUser } from '../../../lib/session';
import { fetchStatements, yuan } from '../api';
import { SettleStateTag } from '../components/settleBits';

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
