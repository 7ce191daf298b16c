// The quality-analysis report: a period's complaints by product model, fault mode, place of use, sales unit or
// responsibility; each figure opens the complaint list on that filter; serials complained about more than once flagged.
import { QUALITY_REPORT_BY, type QualityReportBy } from '@sk/shared/quality/quality.constants';
import { Card, Segmented, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { DateRangePicker } from '../../components';
import { useApi } from '../../lib/query';
import { C, yuan } from './api';
import { FILTER_OF } from './options';

const listLink = (q: Record<string, string | undefined>) => {
  const s = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v) s.set(k, v);
  return `/customerComplaintList?${s.toString()}`;
};

export function QualityReport() {
  const [by, setBy] = useState<QualityReportBy>('productModel');
  const [period, setPeriod] = useState<[string, string] | undefined>();
  const [startTime, endTime] = period ?? [undefined, undefined];
  const rep = useApi(C.report, { by, startTime, endTime });
  const rows = rep.data?.rows ?? [];
  return (
    <Card
      title="质量分析"
      size="small"
      extra={
        <Space wrap>
          <DateRangePicker value={period} onChange={(v) => setPeriod(v as [string, string] | undefined)} />
        </Space>
      }
    >
      <Segmented<QualityReportBy>
        value={by}
        onChange={setBy}
        options={Object.entries(QUALITY_REPORT_BY).map(([value, label]) => ({ value: value as QualityReportBy, label }))}
        style={{ marginBottom: 12 }}
      />
      <Table
        size="small"
        rowKey={(r) => r.key ?? '∅'}
        loading={rep.isLoading}
        pagination={false}
        dataSource={rows}
        columns={[
          { key: 'name', dataIndex: 'name', title: QUALITY_REPORT_BY[by] },
          {
            key: 'complaints',
            dataIndex: 'complaints',
            title: '投诉数',
            render: (n: number, r) => (r.key == null ? n : <Link to={listLink({ [FILTER_OF[by]]: r.key, startTime, endTime })}>{n}</Link>),
          },
          { key: 'share', title: '占比', render: (_: unknown, r) => (rep.data?.total ? `${((r.complaints / rep.data.total) * 100).toFixed(1)}%` : '—') },
          { key: 'closed', dataIndex: 'closed', title: '已关闭' },
          { key: 'cost', dataIndex: 'cost', title: '费用（元）', render: (c: number) => yuan(c) },
        ]}
        summary={() =>
          rows.length ? (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0}>合计</Table.Summary.Cell>
              <Table.Summary.Cell index={1}>{rep.data?.total}</Table.Summary.Cell>
            </Table.Summary.Row>
          ) : null
        }
      />
      {rep.data?.repeats.length ? (
        <div style={{ marginTop: 12 }}>
          <span>重复故障（同一序列号多次投诉）：</span>
          {rep.data.repeats.map((r) => (
            <Link key={r.serialNumber} to={listLink({ serialNumber: r.serialNumber, startTime, endTime })}>
              <Tag color="red">
                {r.serialNumber} × {r.complaints}
              </Tag>
            </Link>
          ))}
        </div>
      ) : null}
    </Card>
  );
}
