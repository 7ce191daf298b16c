// /portal/quotes/:id: a quotation of the customer, answered with QuoteAnswer (接受 with a signature, or 拒绝).
import { Spin, Typography } from 'antd';
import { useParams } from 'react-router';
import { P, usePortal, usePortalWrite } from '../api';
import { PortalPage } from '../PortalPage';
import { QuoteAnswer } from '../QuoteAnswer';

export default function QuoteDetail() {
  const id = Number(useParams().id);
  const d = usePortal(P.quotation, { id }, { enabled: id > 0 });
  const accept = usePortalWrite(P.accept);
  const reject = usePortalWrite(P.reject);
  const q = d.data;
  return (
    <PortalPage title="报价单详情" back="/portal/quotes">
      {d.isPending ? <Spin /> : null}
      {d.error ? <Typography.Text type="danger">{d.error.message}</Typography.Text> : null}
      {q ? (
        <QuoteAnswer q={q} onAccept={(signature) => accept.mutateAsync({ id: q.id, signature })} onReject={(note) => reject.mutateAsync({ id: q.id, note })} />
      ) : null}
    </PortalPage>
  );
}
