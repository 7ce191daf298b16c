import { PlusOutlined } from '@ant-design/icons';
import type { QuoteRow } from '@sk/shared/commerce/commerce.contract';
import { QUOTE_STATES } from '@sk/shared/commerce/commerce.machine';
import { Button, Card, Form, Input } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { FilterSelect, type ListColumn, ListPage } from '../../../components';
import { labelOptions } from '../../../lib/options';
import { fetchQuotes, quotePath, yuan } from '../api';
import { QuoteStateTag } from '../components/bits';
import { QuoteDialog } from '../components/QuoteDialog';

/** 报价单 (/quotationList): quotations priced by what the warranty covers (docs/commerce.md). */
export default function QuotationList() {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const columns: ListColumn<QuoteRow>[] = [
    { key: 'quoteNo', dataIndex: 'quoteNo', title: '报价单号', render: (v: string, r) => <Link to={quotePath(r.id)}>{v}</Link> },
    { key: 'title', dataIndex: 'title', title: '报价标题' },
    { key: 'state', dataIndex: 'state', title: '状态', render: (v: number) => <QuoteStateTag state={v} /> },
    { key: 'customerName', dataIndex: 'customerName', title: '客户' },
    { key: 'productName', dataIndex: 'productName', title: '设备', render: (v: string | null) => v ?? '—' },
    { key: 'totalCents', dataIndex: 'totalCents', title: '报价金额', render: (v: number) => yuan(v) },
    { key: 'orderNo', dataIndex: 'orderNo', title: '工单', render: (v: string | null) => v ?? '—' },
    { key: 'validUntil', dataIndex: 'validUntil', title: '有效期至' },
    { key: 'salesName', dataIndex: 'salesName', title: '销售人员', render: (v: string | null) => v ?? '—' },
    { key: 'create_time', dataIndex: 'create_time', title: '创建时间' },
  ];
  return (
    <Card title="报价单" size="small">
      <ListPage<QuoteRow>
        title="报价单"
        columns={columns}
        fetch={fetchQuotes}
        sort={false}
        phoneCard={['quoteNo', 'state', 'customerName', 'totalCents']}
        filters={
          <>
            <Form.Item name="keyword" label="报价单号">
              <Input allowClear placeholder="BJ…" style={{ width: 180 }} />
            </Form.Item>
            <FilterSelect name="state" label="状态" width={140} options={labelOptions(QUOTE_STATES)} />
          </>
        }
        toolbar={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen(true)}>
            新建报价
          </Button>
        }
      />
      <QuoteDialog open={open} onClose={() => setOpen(false)} onSaved={(id) => navigate(quotePath(id))} />
    </Card>
  );
}
