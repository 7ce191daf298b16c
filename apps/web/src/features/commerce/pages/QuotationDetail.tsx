import type { QuoteLine } from '@sk/shared/commerce/commerce.contract';
import { QUOTE_DISCOUNT_STATES, QUOTE_STATES } from '@sk/shared/commerce/commerce.machine';
import { QUOTE_LINE_KINDS } from '@sk/shared/commerce/quote.pricing';
import { Alert, Button, Card, Descriptions, Form, Input, Modal, Space, Table, Tag, Timeline, Typography } from 'antd';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { EmptyState, RecordFormDialog } from '../../../components';
import { useApi, useApiMutation } from '../../../lib/query';
import { rulesOf } from '../../../lib/zodRules';
import { Q, yuan } from '../api';
import { CoverageTag, QuoteStateTag } from '../components/bits';
import { OrderSelect, QuoteDialog } from '../components/QuoteDialog';

const ACTION_NAMES: Record<string, string> = {
  create: '创建',
  edit: '编辑',
  send: '发送',
  accept: '客户接受',
  reject: '客户拒绝',
  expire: '过期',
  convert: '转工单',
  revise: '重新报价',
  discount: '折扣审批',
};
const BUTTONS: { action: 'edit' | 'send' | 'accept' | 'reject' | 'revise' | 'convert'; label: string; primary?: boolean; danger?: boolean }[] = [
  { action: 'edit', label: '编辑' },
  { action: 'send', label: '发送给客户', primary: true },
  { action: 'accept', label: '客户接受', primary: true },
  { action: 'reject', label: '客户拒绝', danger: true },
  { action: 'convert', label: '转工单', primary: true },
  { action: 'revise', label: '重新报价' },
];

function LinesTable({ lines }: { lines: QuoteLine[] }) {
  return (
    <Table<QuoteLine>
      size="small"
      rowKey="line"
      pagination={false}
      scroll={{ x: 'max-content' }}
      dataSource={lines}
      columns={[
        { key: 'kind', dataIndex: 'kind', title: '类型', render: (v: number) => (QUOTE_LINE_KINDS as Record<number, string>)[v] },
        { key: 'name', dataIndex: 'name', title: '项目' },
        { key: 'quantity', dataIndex: 'quantity', title: '数量', render: (v: number, r) => `${v}${r.unit ? ` ${r.unit}` : ''}` },
        { key: 'unitCents', dataIndex: 'unitCents', title: '单价', render: (v: number) => yuan(v) },
        {
          key: 'amountCents',
          dataIndex: 'amountCents',
          title: '金额',
          render: (v: number, r) => (
            <span data-testid={`amount-${r.line}`}>
              {yuan(v)}
              {r.coverReason ? (
                <Tag color="green" style={{ marginLeft: 8 }}>
                  {r.coverReason}
                </Tag>
              ) : null}
            </span>
          ),
        },
      ]}
    />
  );
}

/** /quotation/detail/{id}: a quotation with its lines, coverage, actions, versions and log. */
export default function QuotationDetail() {
  const id = Number(useParams().id);
  const d = useApi(Q.detail, { id }, { enabled: id > 0 });
  const act = useApiMutation(Q.action, { invalidates: [Q.detail] });
  const [editing, setEditing] = useState(false);
  const [dialog, setDialog] = useState<'accept' | 'reject' | 'convert' | null>(null);
  const [linking, setLinking] = useState(false);
  const signLink = useApiMutation(Q.signLink);
  const [version, setVersion] = useState<number | null>(null);
  const v = useApi(Q.version, { id, version: version ?? 1 }, { enabled: version !== null });
  if (!id || d.isError) return <EmptyState description="报价单不存在或已被删除" />;
  const q = d.data;
  if (!q) return <Card loading size="small" />;
  const run = (action: (typeof BUTTONS)[number]['action']) => {
    if (action === 'edit') setEditing(true);
    else if (action === 'accept' || action === 'reject' || action === 'convert') setDialog(action);
    else act.mutate({ id, action });
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Card
        size="small"
        title={
          <Space wrap>
            {q.quoteNo}
            <QuoteStateTag state={q.state} />
            {q.discountState ? <Tag>{(QUOTE_DISCOUNT_STATES as Record<number, string>)[q.discountState]}</Tag> : null}
          </Space>
        }
        extra={
          <Space wrap>
            {BUTTONS.filter((b) => q.abilities.includes(b.action)).map((b) => (
              <Button key={b.action} type={b.primary ? 'primary' : 'default'} danger={b.danger} onClick={() => run(b.action)} loading={act.isPending}>
                {b.label}
              </Button>
            ))}
            {q.state === 2 && q.abilities.includes('accept') ? <Button onClick={() => setLinking(true)}>短信签字链接</Button> : null}
          </Space>
        }
      >
        {q.approvalId ? (
          <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={`折扣超过${q.discountLimitPct}%，审批中，审批通过后自动发送`} />
        ) : null}
        <Descriptions size="small" column={{ xs: 1, md: 3 }}>
          <Descriptions.Item label="报价标题">{q.title}</Descriptions.Item>
          <Descriptions.Item label="客户">{q.customerName}</Descriptions.Item>
          <Descriptions.Item label="设备">{q.productName ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="保修状态">
            <CoverageTag c={q.coverage} />
          </Descriptions.Item>
          <Descriptions.Item label="关联工单">{q.orderId ? <Link to={`/allOrder/orderDetail/${q.orderId}`}>{q.orderNo}</Link> : '—'}</Descriptions.Item>
          <Descriptions.Item label="有效期至">{q.validUntil}</Descriptions.Item>
          <Descriptions.Item label="销售人员">{q.salesName ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="版本">{`第${q.version}版`}</Descriptions.Item>
          {q.acceptedName ? <Descriptions.Item label="接受人">{`${q.acceptedName}（${q.accepted_time ?? ''}）`}</Descriptions.Item> : null}
          {q.remark ? <Descriptions.Item label="备注">{q.remark}</Descriptions.Item> : null}
        </Descriptions>
        <LinesTable lines={q.lines} />
        <Space style={{ marginTop: 12 }} wrap>
          <Typography.Text>{`合计 ${yuan(q.grossCents)}`}</Typography.Text>
          <Typography.Text>{`折扣 ${yuan(q.discountCents)}`}</Typography.Text>
          <Typography.Text strong data-testid="quote-total">{`应付 ${yuan(q.totalCents)}`}</Typography.Text>
        </Space>
      </Card>
      <Card size="small" title="版本记录">
        <Timeline
          items={q.versions.map((x) => ({
            children: (
              <Space wrap>
                <Button type="link" size="small" onClick={() => setVersion(x.version)}>{`第${x.version}版`}</Button>
                {`${ACTION_NAMES[x.action] ?? x.action} · ${(QUOTE_STATES as Record<number, string>)[x.state]} · ${x.userName ?? '系统'} · ${x.create_time}`}
              </Space>
            ),
          }))}
        />
      </Card>
      <Card size="small" title="操作记录">
        <Timeline
          items={q.logs.map((l) => ({
            children: `${l.create_time} ${l.userName ?? '系统'} ${ACTION_NAMES[l.action] ?? l.action}${l.note ? `：${l.note}` : ''}`,
          }))}
        />
      </Card>
      {editing ? <QuoteDialog open editing={q} onClose={() => setEditing(false)} /> : null}
      <RecordFormDialog<{ acceptedName?: string; note?: string; orderId?: number }>
        open={dialog !== null}
        title={dialog === 'accept' ? '客户接受报价' : dialog === 'reject' ? '客户拒绝报价' : '转工单'}
        okText="确定"
        onClose={() => setDialog(null)}
        onSubmit={(x) => act.mutateAsync({ id, action: dialog as 'accept', acceptedName: x.acceptedName, note: x.note, orderId: x.orderId })}
      >
        {dialog === 'accept' ? (
          <Form.Item name="acceptedName" label="接受人" rules={rulesOf(Q.action.body.shape.acceptedName, { required: '请填写接受人' })}>
            <Input maxLength={50} placeholder="客户签字人姓名" />
          </Form.Item>
        ) : null}
        {dialog === 'convert' && !q.orderId ? (
          <Form.Item name="orderId" label="转入工单" extra="不选则按报价新建一张工单">
            <OrderSelect customerId={q.customerId} placeholder="新建工单" />
          </Form.Item>
        ) : null}
        <Form.Item name="note" label="备注">
          <Input.TextArea rows={2} maxLength={200} />
        </Form.Item>
      </RecordFormDialog>
      <RecordFormDialog<{ mobile?: string; name?: string }>
        open={linking}
        title="发送短信签字链接"
        okText="发送"
        onClose={() => setLinking(false)}
        onSubmit={(x) => signLink.mutateAsync({ id, mobile: x.mobile?.trim() || undefined, name: x.name?.trim() || null })}
      >
        <Typography.Paragraph type="secondary">
          客户无需登录，点击短信中的链接即可查看报价并签字接受或拒绝；链接72小时内有效，仅可使用一次。
        </Typography.Paragraph>
        <Form.Item name="mobile" label="手机号" extra="不填则发送给客户的联系人" rules={rulesOf(Q.signLink.body.shape.mobile)}>
          <Input maxLength={11} inputMode="tel" placeholder="接收短信的手机号" />
        </Form.Item>
        <Form.Item name="name" label="联系人">
          <Input maxLength={50} placeholder="签字人姓名（选填）" />
        </Form.Item>
      </RecordFormDialog>
      <Modal open={version !== null} title={`第${version}版`} footer={null} onCancel={() => setVersion(null)} width={760}>
        {v.data ? (
          <>
            <Descriptions size="small" column={2}>
              <Descriptions.Item label="状态">{(QUOTE_STATES as Record<number, string>)[v.data.snapshot.state]}</Descriptions.Item>
              <Descriptions.Item label="报价标题">{v.data.snapshot.title}</Descriptions.Item>
              <Descriptions.Item label="折扣">{yuan(v.data.snapshot.discountCents)}</Descriptions.Item>
              <Descriptions.Item label="应付">{yuan(v.data.snapshot.totalCents)}</Descriptions.Item>
            </Descriptions>
            <LinesTable lines={v.data.snapshot.lines} />
          </>
        ) : null}
      </Modal>
    </Space>
  );
}
