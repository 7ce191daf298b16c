import { teamContract } from '@sk/shared/org/team.contract';
import { CLAIM_STATES } from '@sk/shared/settle/claims.machine';
import type { FeeClaimRow } from '@sk/shared/settle/claims.contract';
import { Alert, Card } from 'antd';
import { FilterSelect, ListPage } from '../../../components';
import { labelOptions } from '../../../lib/options';
import { useApi } from '../../../lib/query';
import { useUser } from '../../../lib/session';
import { fetchClaims } from '../api';
import { claimColumns } from '../components/claimBits';

/** 费用审批: fee claims (finance: every provider's, to approve; a provider's user: his provider's, as claimed). */
export default function FeeClaimList() {
  const finance = useUser().userType !== 1;
  const providers = useApi(teamContract.providerSimpleList, {}, { enabled: finance });
  return (
    <Card title="费用审批" size="small">
      {!finance && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title="在已完成工单的详情页“服务商结算费用”中点击“申请费用”提交交通费或其他费用；申请里程在直线距离容差内的自动通过。"
        />
      )}
      <ListPage<FeeClaimRow>
        title="费用审批"
        columns={claimColumns()}
        fetch={fetchClaims}
        sort={false}
        phoneCard={['claimNo', 'state', 'orderNo', 'amountCents', 'distance']}
        filters={
          <>
            {finance && (
              <FilterSelect name="providerId" label="服务商" width={200} options={(providers.data ?? []).map((p) => ({ value: p.id, label: p.name }))} />
            )}
            <FilterSelect name="state" label="状态" width={140} options={labelOptions(CLAIM_STATES)} />
          </>
        }
      />
    </Card>
  );
}
