// /portal (我的设备): the customer's installed products with the one warranty status (an extension included).
import type { PortalProduct } from '@sk/shared/portal/portal.contract';
import { Button, Card, Empty, Pagination, Spin } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { CoverageTag } from '../../commerce';
import { P, usePortal } from '../api';
import { PortalPage } from '../PortalPage';

export function ProductCard({ p, action = true }: { p: PortalProduct; action?: boolean }) {
  const navigate = useNavigate();
  return (
    <Card size="small" className="portal-card" title={p.name} extra={<CoverageTag c={p.coverage} />} data-testid="portal-product">
      <div className="portal-row">
        <span>型号</span>
        <span>{p.model ?? '—'}</span>
      </div>
      <div className="portal-row">
        <span>序列号</span>
        <span>{p.serialNumber ?? '—'}</span>
      </div>
      {p.address ? (
        <div className="portal-row">
          <span>安装地址</span>
          <span>{p.address}</span>
        </div>
      ) : null}
      {p.openOrders > 0 ? (
        <div className="portal-row">
          <span>处理中的工单</span>
          <span>{p.openOrders}</span>
        </div>
      ) : null}
      {action ? (
        <Button type="primary" size="large" block style={{ marginTop: 8 }} onClick={() => navigate(`/portal/repair/${p.id}`)}>
          报修
        </Button>
      ) : null}
    </Card>
  );
}

export default function Devices() {
  const [page, setPage] = useState(0);
  const list = usePortal(P.products, { pageIndex: page, pageSize: 20 });
  return (
    <PortalPage title="我的设备">
      {list.isPending ? <Spin /> : null}
      {list.data?.list.length === 0 ? <Empty description="暂无设备" /> : null}
      {list.data?.list.map((p) => (
        <ProductCard key={p.id} p={p} />
      ))}
      {(list.data?.count ?? 0) > 20 ? <Pagination simple current={page + 1} pageSize={20} total={list.data?.count} onChange={(n) => setPage(n - 1)} /> : null}
    </PortalPage>
  );
}
