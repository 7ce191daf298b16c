// /portal/sign?token=…: a quotation's one-time signature link sent by SMS; no account: the customer reads it and
// answers 接受 (signature) or 拒绝 here; the link is spent by the answer.
import { Result, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { P, portalCall, usePortal } from '../api';
import { PortalBare } from '../PortalPage';
import { QuoteAnswer } from '../QuoteAnswer';

export default function Sign() {
  const token = useSearchParams()[0].get('token') ?? '';
  const d = usePortal(P.signView, { token }, { enabled: token.length >= 20 });
  const [done, setDone] = useState<'accepted' | 'rejected' | null>(null);
  if (done)
    return (
      <PortalBare>
        <Result
          status={done === 'accepted' ? 'success' : 'info'}
          title={done === 'accepted' ? '已接受报价，感谢您的确认' : '已拒绝报价'}
          subTitle="销售人员会尽快与您联系"
        />
      </PortalBare>
    );
  const q = d.data;
  return (
    <PortalBare>
      {q ? (
        <>
          <Typography.Title level={4} style={{ textAlign: 'center' }}>
            {q.enterpriseName}
          </Typography.Title>
          <Typography.Paragraph style={{ textAlign: 'center', color: '#595959' }}>
            {q.customerName}
            {q.contactName ? ` · ${q.contactName}` : ''}
          </Typography.Paragraph>
          <QuoteAnswer
            q={q}
            onAccept={async (signature) => {
              await portalCall(P.signAccept, { token, signature }, { successToast: true });
              setDone('accepted');
            }}
            onReject={async (note) => {
              await portalCall(P.signReject, { token, note }, { successToast: true });
              setDone('rejected');
            }}
          />
        </>
      ) : token.length < 20 || d.error ? (
        <Result status="warning" title={d.error?.message ?? '签字链接无效、已过期或已使用，请联系销售重新发送'} />
      ) : (
        <Spin style={{ display: 'block', margin: 64 }} />
      )}
    </PortalBare>
  );
}
