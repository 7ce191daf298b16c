import { PARTNER_TYPES, type PartnerType } from '@sk/shared/org/org.constants';
import { teamContract } from '@sk/shared/org/team.contract';
import type { PlatformSettleRow } from '@sk/shared/settle/provider.contract';
import { SETTLE_STATES } from '@sk/shared/settle/settle.constants';
import { Card, Typography } from 'antd';
import { Link } from 'react-router';
import { FilterSelect, type ListColumn, ListPage } from '../../../components';
import { labelOptions } from '../../../lib/options';
import { useApi } from '../../../lib/query';
import { useUser } from '../../../lib/session';
import { yuan } from '../../settle';
import { SettleStateTag } from '../../settle';
import { fetchPlatform } from '../api';

const COLUMNS: ListColumn<PlatformSettleRow>[] = [
  { key: 'settleNo', dataIndex: 'settleNo', title: '结算单号', render: (v: string, r) => <Link to={`/settleAccounts/detail?id=${r.settlementId}`}>{v}</Link> },
  { key: 'providerName', dataIndex: 'providerName', title: '服务平台' },
  { key: 'partnerType', dataIndex: 'partnerType', title: '合作类型', render: (v: number) => PARTNER_TYPES[v as PartnerType] ?? '—' },
  { key: 'serviceGroupName', dataIndex: 'serviceGroupName', title: '服务团队', render: (v: string | null) => v ?? <span className="sk-muted">未分组</span> },
  { key: 'period', dataIndex: 'periodStart', title: '结算期间', render: (_: unknown, r) => `${r.periodStart} 至 ${r.periodEnd}` },
  { key: 'orderCount', dataIndex: 'orderCount', title: '工单数' },
  { key: 'amountCents', dataIndex: 'amountCents', title: '团队服务费', render: (v: number) => yuan(v) },
  { key: 'totalCents', dataIndex: 'totalCents', title: '结算单总额', render: (v: number) => yuan(v) },
  { key: 'state', dataIndex: 'state', title: '状态', render: (v: number) => <SettleStateTag state={v} /> },
];

/**
 * 平台结算: the statements of platform partners (授权服务商, 授权服务平台), each split by the service group that served
 * its orders, so the platform pays each group its share; a statement opens its 外包结算 detail (one statement, one flow).
 */
export default function ServiceGroupList() {
  const finance = useUser().userType !== 1;
  const platforms = useApi(teamContract.providerSimpleList, {}, { enabled: finance });
  const groups = useApi(teamContract.groupSimpleList, undefined, { enabled: finance });
  return (
    <Card title="平台结算" size="small">
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        授权服务商、授权服务平台的结算单，按完成工单的服务团队拆分；结算单的下发、异议、审核与付款在外包结算中办理。
      </Typography.Paragraph>
      <ListPage<PlatformSettleRow>
        title="平台结算"
        columns={COLUMNS}
        rowKey="key"
        fetch={fetchPlatform}
        sort={false}
        selectable={false}
        keywordPlaceholder="结算单号、服务平台"
        phoneCard={['settleNo', 'state', 'providerName', 'serviceGroupName', 'orderCount', 'amountCents']}
        filters={
          <>
            {finance && (
              <FilterSelect
                name="providerId"
                label="服务平台"
                width={200}
                options={(platforms.data ?? []).filter((p) => p.partnerType !== 1).map((p) => ({ value: p.id, label: p.name }))}
              />
            )}
            {finance && (
              <FilterSelect name="serviceGroupId" label="服务团队" width={180} options={(groups.data ?? []).map((g) => ({ value: g.id, label: g.name }))} />
            )}
            <FilterSelect name="state" label="状态" width={140} options={labelOptions(SETTLE_STATES)} />
          </>
        }
      />
    </Card>
  );
}
