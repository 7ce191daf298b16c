// A quotation as the customer answers it (the portal's quotation page and the SMS signature link): the lines (covered
// ones at ¥0 with the reason), the totals; 接受 with a signature drawn on the phone, or 拒绝 with a reason.
import type { PortalQuoteDetail } from '@sk/shared/portal/portal.contract';
import { Alert, Button, Card, Input, Modal, Space, Typography } from 'antd';
import { useRef, useState } from 'react';
import { SignaturePad } from '../../components/forms/fields/SignatureField';
import { toast } from '../../components/toast';
import { QuoteStateTag } from '../commerce';
import { yuan } from './api';
import { Row } from './pages/bits';

export function QuoteAnswer(p: {
  q: PortalQuoteDetail;
  onAccept: (signature: string) => Promise<unknown>;
  onReject: (note: string | null) => Promise<unknown>;
}) {
  const q = p.q;
  const [signing, setSigning] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState('');
  const pad = useRef<{ read: () => string | null; clear: () => void } | null>(null);
  const ready = useRef((read: () => string | null, clear: () => void) => {
    pad.current = { read, clear };
  }).current;
  const run = async (f: () => Promise<unknown>, close: () => void) => {
    setBusy(true);
    try {
      await f();
      close();
    } catch {
      // The call toasted its message; the dialog stays open.
    } finally {
      setBusy(false);
    }
  };
  const accept = {
    isPending: busy,
    mutate: (x: { signature: string }) =>
      void run(
        () => p.onAccept(x.signature),
        () => setSigning(false),
      ),
  };
  const reject = {
    isPending: busy,
    mutate: (x: { note: string | null }) =>
      void run(
        () => p.onReject(x.note),
        () => setRejecting(false),
      ),
  };
  return (
    <>
      <Card size="small" className="portal-card" title={q.title} extra={<QuoteStateTag state={q.state} />}>
        <Row label="报价单号">{q.quoteNo}</Row>
        <Row label="设备">{q.productName}</Row>
        <Row label="工单">{q.orderNo}</Row>
        <Row label="销售">{q.salesName}</Row>
        <Row label="有效期至">{q.validUntil}</Row>
        {q.acceptedName ? (
          <Row label="接受人">
            {q.acceptedName} {q.accepted_time}
          </Row>
        ) : null}
      </Card>
      <Card size="small" className="portal-card" title="报价明细">
        {q.lines.map((l) => (
          <div key={l.line} style={{ padding: '6px 0', borderBottom: '1px solid #f0f0f0' }} data-testid="portal-quote-line">
            <div className="portal-row">
              <span style={{ color: 'inherit' }}>
                {l.name} × {l.quantity}
              </span>
              <strong>{yuan(l.amountCents)}</strong>
            </div>
            {l.coverReason ? <Typography.Text type="success">{l.coverReason}</Typography.Text> : null}
          </div>
        ))}
        <Row label="合计">{yuan(q.grossCents)}</Row>
        {q.discountCents > 0 ? <Row label="优惠">-{yuan(q.discountCents)}</Row> : null}
        <div className="portal-row" style={{ fontSize: 18 }}>
          <span>应付金额</span>
          <strong data-testid="portal-quote-total">{yuan(q.totalCents)}</strong>
        </div>
        {q.remark ? <Typography.Paragraph style={{ marginTop: 8 }}>{q.remark}</Typography.Paragraph> : null}
      </Card>
      {q.expired ? <Alert type="warning" showIcon message="报价单已过期，不能接受，请联系销售重新报价" style={{ marginBottom: 12 }} /> : null}
      {q.canAnswer ? (
        <Space direction="vertical" style={{ width: '100%' }} size="middle">
          <Button type="primary" size="large" block onClick={() => setSigning(true)}>
            接受报价并签名
          </Button>
          <Button size="large" block danger onClick={() => setRejecting(true)}>
            拒绝报价
          </Button>
        </Space>
      ) : null}
      <Modal
        open={signing}
        title="请在下方签名"
        onCancel={() => setSigning(false)}
        destroyOnHidden
        footer={[
          <Button key="clear" size="large" onClick={() => pad.current?.clear()}>
            重写
          </Button>,
          <Button
            key="ok"
            type="primary"
            size="large"
            loading={accept.isPending}
            onClick={() => {
              const signature = pad.current?.read();
              if (!signature) return void toast.warning('请先签名');
              accept.mutate({ signature });
            }}
          >
            确认接受
          </Button>,
        ]}
      >
        <Typography.Paragraph>签名即表示您同意本报价单的内容和金额 {yuan(q.totalCents)}。</Typography.Paragraph>
        <SignaturePad onReady={ready} height={400} />
      </Modal>
      <Modal
        open={rejecting}
        title="拒绝报价"
        onCancel={() => setRejecting(false)}
        okText="确认拒绝"
        okButtonProps={{ danger: true, size: 'large', loading: reject.isPending }}
        cancelButtonProps={{ size: 'large' }}
        onOk={() => reject.mutate({ note: note.trim() || null })}
      >
        <Input.TextArea rows={3} maxLength={200} placeholder="拒绝原因（选填）" value={note} onChange={(e) => setNote(e.target.value)} />
      </Modal>
    </>
  );
}
