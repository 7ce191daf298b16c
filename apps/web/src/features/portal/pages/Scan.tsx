// /portal/scan?code=…: where a product's QR label lands without a staff session (the staff page /productManage/qr/:code
// sends such a visitor here). Anyone sees that one product and reports a fault with a mobile proved by an SMS code
// (扫码报修, docs/portal.md); a customer signed in to the portal whose product it is gets his account's 报修 instead.
import { PhoneOutlined } from '@ant-design/icons';
import { Card, Result, Spin, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { CoverageTag } from '../../commerce';
import { P, S, usePortal } from '../api';
import { PortalBare, PortalPage } from '../PortalPage';
import { ScanReportForm } from '../ScanReportForm';
import { ProductCard } from './Devices';
import { Row } from './bits';

export default function Scan() {
  const code = useSearchParams()[0].get('code') ?? '';
  const me = usePortal(P.me);
  const own = usePortal(P.product, { code }, { enabled: !!code && !!me.data });
  const pub = usePortal(S.product, { code }, { enabled: !!code });
  if (own.data)
    return (
      <PortalPage title="扫码报修" back="/portal">
        <ProductCard p={own.data} />
      </PortalPage>
    );
  if (code && (pub.isPending || me.isPending || (me.data && own.isPending))) return <Spin style={{ display: 'block', margin: 64 }} />;
  const p = pub.data;
  if (!p)
    return (
      <PortalBare>
        <Result status="warning" title="未找到该设备" subTitle={pub.error?.message ?? '二维码不完整，请重新扫码'} />
      </PortalBare>
    );
  const here = `/portal/scan?code=${encodeURIComponent(code)}`;
  return (
    <PortalBare>
      <Typography.Title level={4} style={{ textAlign: 'center', marginBottom: 4 }}>
        {p.enterpriseName}
      </Typography.Title>
      <Typography.Paragraph style={{ textAlign: 'center', color: '#595959' }}>扫码报修</Typography.Paragraph>
      <Card size="small" className="portal-card" title={p.name} extra={<CoverageTag c={p.coverage} />} data-testid="scan-product">
        <Row label="型号">{p.model}</Row>
        <Row label="序列号">{p.serialNumber}</Row>
        {p.servicePhone ? (
          <Row label="服务电话">
            <a href={`tel:${p.servicePhone}`} className="portal-tel">
              <PhoneOutlined /> {p.servicePhone}
            </a>
          </Row>
        ) : null}
      </Card>
      {p.enabled ? (
        <ScanReportForm code={code} />
      ) : (
        <Result status="info" title="该服务商未开启扫码报修" subTitle={p.servicePhone ? `请拨打服务电话 ${p.servicePhone} 报修` : '请联系服务商报修'} />
      )}
      <Typography.Paragraph style={{ textAlign: 'center', marginTop: 16 }}>
        已有服务门户账号？<Link to={`/portal/login?redirect=${encodeURIComponent(here)}`}>登录</Link>查看全部设备和工单
      </Typography.Paragraph>
    </PortalBare>
  );
}
