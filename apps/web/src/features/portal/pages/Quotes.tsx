// /portal/quotes (报价单): the quotations sent to the customer.
import { Card, Empty, Pagination, Spin } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { QuoteStateTag } from '../../commerce';
import { P, usePortal, yuan } from '../api';
import { PortalPage } from '../PortalPage';
import { Row } from './bits';

export default function Quotes() {
  const [page, setPage] = useState(0);
  const list = usePortal(P.quotations, { pageIndex: page, pageSize: 20 });
  return (
    <PortalPage title="报价单">
      {list.isPending ? <Spin /> : null}
      {list.data?.list.length === 0 ? <Empty description="暂无报价单" /> : null}
      {list.data?.list.map((q) => (
        <Link key={q.id} to={`/portal/quotes/${q.id}`} style={{ color: 'inherit' }}>
          <Card size="small" className="portal-card" title={q.title} extra={<QuoteStateTag state={q.state} />} hoverable>
            <Row label="报价单号">{q.quoteNo}</Row>
            <Row label="设备">{q.productName}</Row>
            <Row label="报价金额">{yuan(q.totalCents)}</Row>
            <Row label="有效期至">{q.validUntil}</Row>
          </Card>
        </Link>
      ))}
      {(list.data?.count ?? 0) > 20 ? <Pagination simple current={page + 1} pageSize={20} total={list.data?.count} onChange={(n) => setPage(n - 1)} /> : null}
    </PortalPage>
  );
}
