// /portal/track?token=…: the follow link of a QR report (扫码报修, docs/portal.md): that one order's progress, no account.
import { PhoneOutlined } from '@ant-design/icons';
import { Card, Result, Spin, Timeline, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { S, usePortal } from '../api';
import { PortalBare } from '../PortalPage';
import { OrderState, Row } from './bits';

export default function Track() {
  const token = useSearchParams()[0].get('token') ?? '';
  const d = usePortal(S.track, { token }, { enabled: token.length >= 20 });
  const o = d.data;
  if (!o)
    return (
      <PortalBare>
        {token.length >= 20 && d.isPending ? (
          <Spin style={{ display: 'block', margin: 64 }} />
        ) : (
          <Result status="warning" title={d.error?.message ?? '跟踪链接无效或工单已删除'} />
        )}
      </PortalBare>
    );
  return (
    <PortalBare>
      <Typography.Title level={4} style={{ textAlign: 'center', marginBottom: 4 }}>
        {o.enterpriseName}
      </Typography.Title>
      <Typography.Paragraph style={{ textAlign: 'center', color: '#595959' }}>报修进度</Typography.Paragraph>
      <Card size="small" className="portal-card" title={o.orderNo} extra={<OrderState state={o.state} />}>
        <Row label="报修内容">{o.title}</Row>
        <Row label="设备">{o.productName}</Row>
        <Row label="报修时间">{o.create_time}</Row>
        <Row label="服务工程师">
          <span data-testid="track-engineer">{o.engineerName ?? '待派单'}</span>
        </Row>
        {o.appointment ? <Row label="预约上门">{o.appointment}</Row> : null}
        {o.finishTime ? <Row label="完成时间">{o.finishTime}</Row> : null}
        {o.servicePhone ? (
          <Row label="服务电话">
            <a href={`tel:${o.servicePhone}`} className="portal-tel">
              <PhoneOutlined /> {o.servicePhone}
            </a>
          </Row>
        ) : null}
      </Card>
      <Card size="small" className="portal-card" title="进度">
        <Timeline items={o.timeline.map((t) => ({ children: `${t.label}　${t.create_time}` }))} />
      </Card>
    </PortalBare>
  );
}
