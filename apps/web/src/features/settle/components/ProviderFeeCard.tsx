import { coefficientText } from '@sk/shared/settle/fee.pricing';
import { Card, Descriptions } from 'antd';
import { Link } from 'react-router';
import { useApi } from '../../../lib/query';
import { F, yuan } from '../api';

/** 服务商结算费用 on the order detail: the fee priced when a provider's order completed (nothing for other orders). */
export function ProviderFeeCard({ orderId }: { orderId: number }) {
  const fee = useApi(F.orderFee, { orderId }, { call: { silent: true } });
  const f = fee.data;
  if (!f) return null;
  return (
    <Card size="small" title="服务商结算费用" data-testid="provider-fee">
      <Descriptions size="small" column={{ xs: 1, sm: 2, md: 3 }}>
        <Descriptions.Item label="服务商">{f.providerName}</Descriptions.Item>
        <Descriptions.Item label="结算费用">
          <strong>{yuan(f.amountCents)}</strong>
        </Descriptions.Item>
        <Descriptions.Item label="计价">
          {f.standardId ? `标准 ${yuan(f.baseCents)} × 系数 ${coefficientText(f.coefficientPct)}` : '无匹配的服务费标准'}
        </Descriptions.Item>
        <Descriptions.Item label="距离">{f.distanceM == null ? '未知' : `${(f.distanceM / 1000).toFixed(1)} 公里`}</Descriptions.Item>
        <Descriptions.Item label="计价时间">{f.pricedAt}</Descriptions.Item>
        <Descriptions.Item label="结算单">
          {f.settlementId ? <Link to={`/settleAccounts/detail?id=${f.settlementId}`}>{f.settleNo}</Link> : '未结算'}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
