import { coefficientText } from '@sk/shared/settle/fee.pricing';
import { Button, Card, Descriptions } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useApi } from '../../../lib/query';
import { useUser } from '../../../lib/session';
import { F, yuan } from '../api';
import { ClaimDialog } from './ClaimDialog';

/** 服务商结算费用 on the order detail: the fee priced when a provider's order completed (nothing for other orders). */
export function ProviderFeeCard({ orderId, orderNo }: { orderId: number; orderNo?: string }) {
  const fee = useApi(F.orderFee, { orderId }, { call: { silent: true } });
  const provider = useUser().userType === 1;
  const navigate = useNavigate();
  const [claiming, setClaiming] = useState(false);
  const f = fee.data;
  if (!f) return null;
  return (
    <Card
      size="small"
      title="服务商结算费用"
      data-testid="provider-fee"
      extra={
        provider ? (
          <Button size="small" onClick={() => setClaiming(true)}>
            申请费用
          </Button>
        ) : null
      }
    >
      <ClaimDialog
        orderId={claiming ? orderId : null}
        orderNo={orderNo}
        onClose={() => setClaiming(false)}
        onSaved={(id) => navigate(`/transportation/fee/approval/detail/${id}`)}
      />
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
