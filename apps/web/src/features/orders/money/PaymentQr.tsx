import { PAYMENT_METHODS } from '@sk/shared/orders/orders.constants';
import { Alert, Card, Empty, Spin, Tag } from 'antd';
import { useApi } from '../../../lib/query';
import { moneyContract as M, yuanText } from './api';

/** The payment code for the receivable amount, with what the configured provider can take. */
export function PaymentQr({ orderId }: { orderId: number }) {
  const q = useApi(M.paymentQrCode, { orderId });
  const p = q.data;
  if (!p) return q.isLoading ? <Spin /> : <Empty description="暂无收款信息" />;
  return (
    <Card size="small" title="收款二维码">
      <div style={{ textAlign: 'center' }}>
        <div style={{ fontSize: 20, marginBottom: 8 }}>
          应收金额 <b data-testid="qr-amount">{yuanText(p.amount)}</b>
        </div>
        {p.amount === 0 ? (
          <div style={{ color: '#666', margin: '8px 0' }}>无待收金额</div>
        ) : (
          <>
            {p.qrCode ? <img src={p.qrCode} alt="收款二维码" width={200} height={200} /> : null}
            <div style={{ color: '#666', margin: '8px 0' }}>{p.content}</div>
          </>
        )}
        <div>
          可用收款方式：
          {p.methods.map((m) => (
            <Tag key={m}>{PAYMENT_METHODS[m as keyof typeof PAYMENT_METHODS]}</Tag>
          ))}
        </div>
      </div>
      <Alert style={{ marginTop: 12 }} type="info" showIcon message={p.notice} />
    </Card>
  );
}
