// 客户投诉 (/customerComplaintList): every complaint with its deadlines, the filters the report opens, 新建投诉 by
// hand, and the quality-analysis report under the list.
import type { ComplaintCreateBody, ComplaintRow as Row } from '@sk/shared/quality/complaint.contract';
import { COMPLAINT_DICTS } from '@sk/shared/quality/quality.constants';
import { Button, Form, Input, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { DateRangePicker, type ListColumn, ListPage, RecordFormDialog } from '../../../components';
import { useApiMutation } from '../../../lib/query';
import { rulesOf } from '../../../lib/zodRules';
import { CustomerSelect } from '../../customers';
import { C, fetchComplaints } from '../api';
import { DictSelect } from '../DictSelect';
import { SOURCE_OPTIONS, STATE_OPTIONS, sourceLabel, stateColor, stateLabel } from '../options';
import { QualityReport } from '../QualityReport';

const detailPath = (id: number) => `/customerComplaintDetail?id=${id}`;
const body = C.create.body.shape;
const URL_FILTERS = [
  'productModelId',
  'faultModeId',
  'placeOfUse',
  'salesUnit',
  'responsibility',
  'serialNumber',
  'startTime',
  'endTime',
  'state',
  'sourceType',
];

function Due({ at, overdue }: { at: string | null; overdue: boolean }) {
  if (!at) return '—';
  return overdue ? <Tag color="red">{at} 已超时</Tag> : at;
}

function mapFilters(values: Record<string, unknown>): Record<string, unknown> {
  const { created, ...rest } = values as { created?: [string, string]; startTime?: string; endTime?: string };
  return { ...rest, startTime: created?.[0] ?? rest.startTime, endTime: created?.[1] ?? rest.endTime };
}

export default function ComplaintList() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const [adding, setAdding] = useState(false);
  const create = useApiMutation(C.create);
  const initial: Record<string, unknown> = {};
  for (const k of URL_FILTERS) {
    const v = search.get(k);
    if (v) initial[k] = v;
  }
  const columns: ListColumn<Row>[] = [
    { key: 'complaintNo', dataIndex: 'complaintNo', title: '投诉编号', render: (v: string, r) => <Link to={detailPath(r.id)}>{v}</Link> },
    { key: 'title', dataIndex: 'title', title: '投诉标题' },
    { key: 'state', dataIndex: 'state', title: '状态', render: (v: number) => <Tag color={stateColor(v)}>{stateLabel(v)}</Tag> },
    { key: 'level', dataIndex: 'level', title: '投诉等级' },
    { key: 'customerName', dataIndex: 'customerName', title: '客户名称', render: (v: string | null) => v ?? '—' },
    { key: 'productName', dataIndex: 'productName', title: '产品型号', render: (v: string | null) => v ?? '—' },
    { key: 'serialNumber', dataIndex: 'serialNumber', title: '序列号', render: (v: string | null) => v ?? '—' },
    { key: 'sourceType', dataIndex: 'sourceType', title: '来源', render: (v: number) => sourceLabel(v) },
    { key: 'responseDue', dataIndex: 'responseDue', title: '响应时限', render: (v: string | null, r) => <Due at={v} overdue={r.responseOverdue} /> },
    { key: 'resolveDue', dataIndex: 'resolveDue', title: '解决时限', render: (v: string | null, r) => <Due at={v} overdue={r.resolveOverdue} /> },
    { key: 'engineerName', dataIndex: 'engineerName', title: '服务人员', render: (v: string | null) => v ?? '—' },
    { key: 'handlerName', dataIndex: 'handlerName', title: '处理人', render: (v: string | null) => v ?? '—' },
    { key: 'reopenCount', dataIndex: 'reopenCount', title: '重开次数' },
    { key: 'create_time', dataIndex: 'create_time', title: '创建时间' },
  ];
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <ListPage<Row>
        key={search.toString()}
        title="客户投诉"
        columns={columns}
        fetch={fetchComplaints}
        sort={false}
        initialQuery={initial}
        mapFilters={mapFilters}
        keywordPlaceholder="投诉编号、标题或客户"
        defaultColumns={['complaintNo', 'title', 'state', 'level', 'customerName', 'productName', 'responseDue', 'resolveDue', 'create_time']}
        phoneCard={['complaintNo', 'state', 'title', 'customerName', 'resolveDue']}
        toolbar={
          <Button type="primary" onClick={() => setAdding(true)}>
            新建投诉
          </Button>
        }
        filters={
          <>
            <Form.Item name="state" label="状态">
              <Select allowClear options={STATE_OPTIONS} style={{ width: 120 }} placeholder="全部" />
            </Form.Item>
            <Form.Item name="level" label="投诉等级">
              <DictSelect code={COMPLAINT_DICTS.level} placeholder="全部" />
            </Form.Item>
            <Form.Item name="sourceType" label="来源">
              <Select allowClear options={SOURCE_OPTIONS} style={{ width: 120 }} placeholder="全部" />
            </Form.Item>
            <Form.Item name="responsibility" label="责任原因">
              <DictSelect code={COMPLAINT_DICTS.responsibility} placeholder="全部" />
            </Form.Item>
            <Form.Item name="created" label="创建时间">
              <DateRangePicker />
            </Form.Item>
          </>
        }
      />
      <QualityReport />
      <RecordFormDialog<ComplaintCreateBody>
        open={adding}
        title="新建投诉"
        name="complaintAdd"
        initialValues={{ sourceType: 4 }}
        onSubmit={async (v) => {
          const r = await create.mutateAsync({ ...v, sourceType: 4 });
          navigate(detailPath(r.id));
        }}
        onClose={() => setAdding(false)}
      >
        <Form.Item name="customerId" label="客户" rules={rulesOf(body.customerId, { required: '请选择客户' })}>
          <CustomerSelect />
        </Form.Item>
        <Form.Item name="title" label="投诉标题" rules={rulesOf(body.title)}>
          <Input />
        </Form.Item>
        <Form.Item name="level" label="投诉等级" rules={rulesOf(body.level)}>
          <DictSelect code={COMPLAINT_DICTS.level} />
        </Form.Item>
        <Form.Item name="content" label="投诉内容" rules={rulesOf(body.content)}>
          <Input.TextArea rows={3} />
        </Form.Item>
        <Form.Item name="complainant" label="投诉人" rules={rulesOf(body.complainant)}>
          <Input />
        </Form.Item>
        <Form.Item name="phone" label="联系电话" rules={rulesOf(body.phone)}>
          <Input />
        </Form.Item>
      </RecordFormDialog>
    </Space>
  );
}
