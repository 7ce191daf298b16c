import { PARTNER_TYPES, type PartnerType } from '@sk/shared/org/org.constants';
import type { ScorecardRow } from '@sk/shared/settle/provider.contract';
import { Card, Form, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { DateRangePicker, type ListColumn, ListPage } from '../../../components';
import { yuan } from '../../settle';
import { fetchScorecard, periodQuery, rateText } from '../api';

const ratio = (n: number, base: number, rate: number | null) => (base ? `${rateText(rate)}（${n}/${base}）` : '—');

const COLUMNS: ListColumn<ScorecardRow>[] = [
  {
    key: 'providerName',
    dataIndex: 'providerName',
    title: '服务商',
    render: (v: string, r) => <Link to={`/serviceBranchDetail?id=${r.providerId}`}>{v}</Link>,
  },
  { key: 'partnerType', dataIndex: 'partnerType', title: '合作类型', render: (v: number) => PARTNER_TYPES[v as PartnerType] ?? '—' },
  { key: 'enabled', dataIndex: 'enabled', title: '状态', render: (v: boolean) => <Tag color={v ? 'green' : 'default'}>{v ? '启用' : '停用'}</Tag> },
  { key: 'received', dataIndex: 'received', title: '接单数' },
  { key: 'completed', dataIndex: 'completed', title: '完成数' },
  { key: 'onTimeRate', dataIndex: 'onTimeRate', title: 'SLA按时率', render: (v: number | null, r) => ratio(r.onTime, r.slaOrders, v) },
  { key: 'firstTimeFixRate', dataIndex: 'firstTimeFixRate', title: '一次修复率', render: (v: number | null, r) => ratio(r.firstTimeFixed, r.completed, v) },
  { key: 'visitPassRate', dataIndex: 'visitPassRate', title: '回访满意率', render: (v: number | null, r) => ratio(r.visitPassed, r.visited, v) },
  { key: 'complaints', dataIndex: 'complaints', title: '投诉数' },
  {
    key: 'penaltyCents',
    dataIndex: 'penaltyCents',
    title: '处罚金额',
    render: (v: number | null) => (v == null ? <span className="sk-muted">—</span> : yuan(v)),
  },
];

/**
 * 服务商管理: each provider's scorecard over a period (default: this month) — orders received and completed, the SLA
 * on-time rate, first-time fix, return-visit pass rate, complaints and penalties. Providers are kept in 外包管理.
 */
export default function ProviderManagement() {
  return (
    <Card title="服务商管理" size="small" extra={<Link to="/outsourceManagement">维护服务商</Link>}>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        统计期间默认为本月；按时率按工单的 SLA 计时，一次修复指完成后 30 天内同一客户（同一设备）无新工单。
      </Typography.Paragraph>
      <ListPage<ScorecardRow>
        title="服务商记分卡"
        columns={COLUMNS}
        defaultColumns={COLUMNS.map((c) => c.key)}
        rowKey="providerId"
        fetch={fetchScorecard}
        sort={false}
        selectable={false}
        keywordPlaceholder="服务商名称"
        mapFilters={periodQuery}
        phoneCard={['providerName', 'completed', 'onTimeRate', 'firstTimeFixRate', 'visitPassRate', 'complaints']}
        filters={
          <Form.Item name="period" label="统计期间">
            <DateRangePicker />
          </Form.Item>
        }
      />
    </Card>
  );
}
