import { SETTLE_LINE_KINDS } from '@sk/shared/settle/settle.constants';
import { type SettlementDetail, type SettlementLineRow, yuanOf } from '@sk/shared/settle/settle.contract';
import { Button, Card, Descriptions, Form, Input, InputNumber, Popconfirm, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { type ListColumn, ListPage, LogCard, RecordFormDialog } from '../../../components';
import { useApi, useApiMutation } from '../../../lib/query';
import { rulesOf } from '../../../lib/zodRules';
import { C, fetchLines, yuan } from '../api';
import { ACTION_LABELS, ACTION_QUESTIONS, LOG_LABELS, SettleStateTag } from '../components/settleBits';

type Acting = { kind: 'dispute' | 'resolve'; line: SettlementLineRow } | null;

/** 结算单详情: the header, the actions the viewer may take now, the lines (dispute / resolve per line) and the log. */
export default function SettleAccountsDetail() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const detail = useApi(C.detail, { id }, { enabled: id > 0 });
  const [acting, setActing] = useState<Acting>(null);
  const act = useApiMutation(C.action);
  const exporting = useApiMutation(C.export);
  const d = detail.data;
  if (!d) return <Card loading={detail.isLoading} title="结算单详情" size="small" />;
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size={12}>
      <Card
        size="small"
        title={
          <Space>
            结算单 {d.settleNo} <SettleStateTag state={d.state} />
          </Space>
        }
        extra={
          <Space wrap>
            <Button loading={exporting.isPending} onClick={() => exporting.mutate({ id })}>
              导出Excel
            </Button>
            <Actions d={d} onAct={async (action) => act.mutateAsync({ id, action })} busy={act.isPending} />
          </Space>
        }
      >
        <Descriptions size="small" column={{ xs: 1, sm: 2, md: 3 }}>
          <Descriptions.Item label="服务商">{d.providerName}</Descriptions.Item>
          <Descriptions.Item label="结算期间">
            {d.periodStart} 至 {d.periodEnd}
          </Descriptions.Item>
          <Descriptions.Item label="结算金额">
            <strong>{yuan(d.totalCents)}</strong>
          </Descriptions.Item>
          <Descriptions.Item label="明细数">{d.lineCount}</Descriptions.Item>
          <Descriptions.Item label="异议明细">{d.disputedCount}</Descriptions.Item>
          <Descriptions.Item label="创建时间">{d.create_time}</Descriptions.Item>
          {d.remark && <Descriptions.Item label="备注">{d.remark}</Descriptions.Item>}
        </Descriptions>
      </Card>
      <Card size="small" title="结算明细">
        <ListPage<SettlementLineRow>
          title={`结算明细${d.settleNo}`}
          routeKey="/settleAccounts/detail#lines"
          columns={lineColumns(d, setActing)}
          fetch={fetchLines}
          params={{ id }}
          sort={false}
          searchPlans={false}
          phoneCard={['orderNo', 'amountCents', 'dispute', 'actions']}
          tableConfig={false}
          filters={
            <Form.Item name="disputed" label="异议">
              <Select allowClear placeholder="全部明细" style={{ width: 160 }} aria-label="异议筛选" options={[{ value: '1', label: '只看有异议' }]} />
            </Form.Item>
          }
        />
      </Card>
      <LogCard
        title="操作记录"
        lines={d.logs.map((l) => ({ time: l.create_time, userName: l.userName, action: LOG_LABELS[l.action] ?? l.action, note: l.note }))}
      />
      <LineDialog id={id} acting={acting} onClose={() => setActing(null)} />
    </Space>
  );
}

function Actions({ d, onAct, busy }: { d: SettlementDetail; onAct: (a: 'issue' | 'confirm' | 'approve' | 'pay') => Promise<unknown>; busy: boolean }) {
  const acts = d.abilities.filter((a): a is 'issue' | 'confirm' | 'approve' | 'pay' => a in ACTION_LABELS);
  // A confirmed statement names who decides it; who cannot (the issuer among them) sees the names, not a button.
  const waiting = d.state === 3 && !acts.includes('approve');
  return (
    <Space wrap>
      {waiting && (
        <Tag color="processing" aria-label="审批人">
          {d.deciders.length ? `待 ${d.deciders.join('、')} 审批` : '暂无可审批的人：请管理员添加审批人'}
        </Tag>
      )}
      {acts.map((a) => (
        <Popconfirm key={a} title={ACTION_QUESTIONS[a]} onConfirm={() => onAct(a)} okText="确定" cancelText="取消">
          <Button type={a === 'confirm' || a === 'pay' ? 'primary' : 'default'} loading={busy}>
            {ACTION_LABELS[a]}
          </Button>
        </Popconfirm>
      ))}
    </Space>
  );
}

function lineColumns(d: SettlementDetail, setActing: (a: Acting) => void): ListColumn<SettlementLineRow>[] {
  return [
    { key: 'kind', dataIndex: 'kind', title: '类型', render: (v: number) => SETTLE_LINE_KINDS[v as 1] ?? v },
    {
      key: 'orderNo',
      dataIndex: 'orderNo',
      title: '工单编号',
      render: (v: string | null, r) => (r.orderId ? <Link to={`/allOrder/orderDetail/${r.orderId}`}>{v}</Link> : '—'),
    },
    { key: 'description', dataIndex: 'description', title: '说明' },
    {
      key: 'amountCents',
      dataIndex: 'amountCents',
      title: '金额',
      render: (v: number, r) => (v === r.originalCents ? yuan(v) : `${yuan(v)}（原 ${yuan(r.originalCents)}）`),
    },
    {
      key: 'dispute',
      dataIndex: 'disputeState',
      title: '异议',
      render: (v: number, r) =>
        v === 1 ? <Tag color="error">有异议：{r.disputeReason}</Tag> : v === 2 ? <Tag color="success">已处理：{r.resolution}</Tag> : '—',
    },
    {
      key: 'actions',
      title: '操作',
      fixed: 'right',
      width: 100,
      render: (_: unknown, r) =>
        d.canDispute && r.disputeState !== 1 ? (
          <Button type="link" size="small" danger onClick={() => setActing({ kind: 'dispute', line: r })}>
            提出异议
          </Button>
        ) : d.canResolve && r.disputeState === 1 ? (
          <Button type="link" size="small" onClick={() => setActing({ kind: 'resolve', line: r })}>
            处理异议
          </Button>
        ) : null,
    },
  ];
}

function LineDialog({ id, acting, onClose }: { id: number; acting: Acting; onClose: () => void }) {
  // the statement and its lines refresh through staleAfter (api.ts)
  const dispute = useApiMutation(C.dispute);
  const resolve = useApiMutation(C.resolve);
  const line = acting?.line;
  return (
    <RecordFormDialog<{ reason?: string; amount?: number; resolution?: string }>
      open={!!acting}
      name="settleLine"
      title={acting?.kind === 'resolve' ? `处理异议：${line?.orderNo ?? ''}` : `提出异议：${line?.orderNo ?? ''}`}
      okText="提交"
      initialValues={{ amount: (line?.amountCents ?? 0) / 100 }}
      onClose={onClose}
      onSubmit={async (v) =>
        acting?.kind === 'resolve'
          ? resolve.mutateAsync({ id, lineId: line!.id, amountCents: Math.round((v.amount ?? 0) * 100), resolution: v.resolution ?? '' })
          : dispute.mutateAsync({ id, lineId: line!.id, reason: v.reason ?? '' })
      }
    >
      {acting?.kind === 'resolve' ? (
        <>
          <p>服务商异议：{line?.disputeReason}</p>
          <Form.Item name="amount" label="调整后金额（元）" rules={rulesOf(yuanOf(C.resolve.body.shape.amountCents), { required: '请输入金额' })}>
            <InputNumber precision={2} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="resolution" label="处理意见" rules={rulesOf(C.resolve.body.shape.resolution)}>
            <Input.TextArea maxLength={200} rows={3} />
          </Form.Item>
        </>
      ) : (
        <Form.Item name="reason" label="异议原因" rules={rulesOf(C.dispute.body.shape.reason)}>
          <Input.TextArea maxLength={200} rows={3} />
        </Form.Item>
      )}
    </RecordFormDialog>
  );
}
