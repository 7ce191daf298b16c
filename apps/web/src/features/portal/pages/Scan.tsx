// /portal/scan?code=…: where a product's QR label lands for a customer (the staff page /productManage/qr/:code sends a
// visitor without a staff session here): the product, and 报修 from it.
import { Result, Spin } from 'antd';
import { useSearchParams } from 'react-router';
import { P, usePortal } from '../api';
import { PortalPage } from '../PortalPage';
import { ProductCard } from './Devices';

export default function Scan() {
  const [search] = useSearchParams();
  const code = search.get('code') ?? '';
  const p = usePortal(P.product, { code }, { enabled: !!code });
  return (
    <PortalPage title="扫码报修" back="/portal">
      {p.isPending && code ? <Spin /> : null}
      {!code || p.error ? <Result status="warning" title="未找到该设备" subTitle="二维码对应的设备不属于您的账户，请联系服务商" /> : null}
      {p.data ? <ProductCard p={p.data} /> : null}
    </PortalPage>
  );
}
