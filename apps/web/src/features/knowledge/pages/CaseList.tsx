// 案例管理 (/case/list): cases from orders and dealers, their state and scope; 新建经销商案例.
import type { CaseRow as Row } from '@sk/shared/knowledge/case.contract';
import { CASE_SOURCES, CASE_STATES } from '@sk/shared/knowledge/knowledge.constants';
import { Button, Form, Input, Select, Tag } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { type ListColumn, ListPage, RecordFormDialog } from '../../../components';
import { labelOptions } from '../../../lib/options';
import { useApiMutation } from '../../../lib/query';
import { rulesOf } from '../../../lib/zodRules';
import { CustomerSelect } from '../../customers';
import { C, caseScopeLabel, caseSourceLabel, caseStateColor, caseStateLabel, fetchCases } from '../api';

export const caseDetailPath = (id: number) => `/case/detail/${id}`;
const body = C.create.body.shape;

export default function CaseList() {
  const navigate = useNavigate();
  const [adding, setAdding] = useState(false);
  const create = useApiMutation(C.create);
  const columns: ListColumn<Row>[] = [
    { key: 'caseNo', dataIndex: 'caseNo', title: '案例编号', render: (v: string, r) => <Link to={caseDetailPath(r.id)}>{v}</Link> },
    { key: 'title', dataIndex: 'title', title: '案例标题' },
    {
      key: 'state',
      dataIndex: 'state',
      title: '状态',
      render: (v: number, r) => (
        <Tag color={caseStateColor(v)}>
          {caseStateLabel(v)}
          {v === 2 ? `（${caseScopeLabel(r.scope)}）` : ''}
        </Tag>
      ),
    },
    {
      key: 'source',
      dataIndex: 'source',
      title: '来源',
      render: (v: number, r) => (v === 2 ? `${caseSourceLabel(v)}：${r.dealerName ?? ''}` : caseSourceLabel(v)),
    },
    { key: 'productName', dataIndex: 'productName', title: '产品型号', render: (v: string | null) => v ?? '—' },
    { key: 'faultModeName', dataIndex: 'faultModeName', title: '故障模式', render: (v: string | null) => v ?? '—' },
    { key: 'customerName', dataIndex: 'customerName', title: '客户名称', render: (v: string | null) => v ?? '—' },
    {
      key: 'orderNo',
      dataIndex: 'orderNo',
      title: '关联工单',
      render: (_: unknown, r) => {
        const id = r.orderId ?? r.convertedOrderId;
        const no = r.orderNo ?? r.convertedOrderNo;
        return id ? <Link to={`/allOrder/orderDetail/${id}`}>{no}</Link> : '—';
      },
    },
    { key: 'publish_time', dataIndex: 'publish_time', title: '发布时间', render: (v: string | null) => v ?? '—' },
    { key: 'create_time', dataIndex: 'create_time', title: '创建时间' },
  ];
  return (
    <>
      <ListPage<Row>
        title="案例管理"
        columns={columns}
        fetch={fetchCases}
        sort={false}
        keywordPlaceholder="案例编号、标题、故障描述或处理措施"
        defaultColumns={['caseNo', 'title', 'state', 'source', 'productName', 'faultModeName', 'orderNo', 'create_time']}
        phoneCard={['caseNo', 'state', 'title', 'productName']}
        toolbar={
          <Button type="primary" onClick={() => setAdding(true)}>
            新建经销商案例
          </Button>
        }
        filters={
          <>
            <Form.Item name="state" label="状态">
              <Select allowClear options={labelOptions(CASE_STATES)} style={{ width: 120 }} placeholder="全部" />
            </Form.Item>
            <Form.Item name="source" label="来源">
              <Select allowClear options={labelOptions(CASE_SOURCES)} style={{ width: 120 }} placeholder="全部" />
            </Form.Item>
          </>
        }
      />
      <RecordFormDialog<{ dealerName: string; customerId: number; title: string; description?: string | null }>
        open={adding}
        title="新建经销商案例"
        name="dealerCase"
        onSubmit={async (v) => {
          const r = await create.mutateAsync(v);
          navigate(caseDetailPath(r.id));
        }}
        onClose={() => setAdding(false)}
      >
        <Form.Item name="dealerName" label="经销商" rules={rulesOf(body.dealerName)}>
          <Input />
        </Form.Item>
        <Form.Item name="customerId" label="客户" rules={rulesOf(body.customerId, { required: '请选择客户' })}>
          <CustomerSelect />
        </Form.Item>
        <Form.Item name="title" label="案例标题" rules={rulesOf(body.title)}>
          <Input />
        </Form.Item>
        <Form.Item name="description" label="故障描述" rules={rulesOf(body.description)}>
          <Input.TextArea rows={3} />
        </Form.Item>
      </RecordFormDialog>
    </>
  );
}
