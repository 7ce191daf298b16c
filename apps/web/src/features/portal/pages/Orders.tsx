// /portal/orders (我的工单): the customer's orders, newest first, with state, engineer and appointment.
import { Card, Empty, Pagination, Spin } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { P, usePortal } from '../api';
import { PortalPage } from '../PortalPage';
import { OrderState, Row } from './bits';

export default function Orders() {
  const [page, setPage] = useState(0);
  const list = usePortal(P.orders, { pageIndex: page, pageSize: 20 });
  return (
    <PortalPage title="我的工单">
      {list.isPending ? <Spin /> : null}
      {list.data?.list.length === 0 ? <Empty description="暂无工单" /> : null}
      {list.data?.list.map((o) => (
        <Link key={o.id} to={`/portal/orders/${o.id}`} style={{ color: 'inherit' }}>
          <Card size="small" className="portal-card" title={o.title} extra={<OrderState state={o.state} />} hoverable>
            <Row label="工单编号">{o.orderNo}</Row>
            <Row label="设备">{o.productName}</Row>
            <Row label="服务工程师">{o.engineerName}</Row>
            <Row label="预约时间">{o.appointment}</Row>
            <Row label="创建时间">{o.create_time}</Row>
          </Card>
        </Link>
      ))}
      {(list.data?.count ?? 0) > 20 ? <Pagination simple current={page + 1} pageSize={20} total={list.data?.count} onChange={(n) => setPage(n - 1)} /> : null}
    </PortalPage>
  );
}
