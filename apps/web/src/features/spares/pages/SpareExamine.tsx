import type { SpareDocItem } from '@sk/shared/spares/spares.contract';
import { SPARE_DOC_KINDS, type SpareDocKind } from '@sk/shared/spares/spares.constants';
import { App, Button, Card, Descriptions, Input, Space, Table, Tag, Timeline, Typography } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components';
import { useApi, useApiMutation } from '../../../lib/query';
import { S } from '../api';
import { useUnits } from '../components/SerialsSelect';
import { DOC_STATE_COLORS, label, SPARE_DOC_STATES, TRANSFER_TYPES } from '../options';

const ACTION_NAMES: Record<string, string> = { create: '提交申请', approve: '审批通过', reject: '驳回', withdraw: '撤回' };

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

/** What the outgoing warehouse has for this document: enough (its own reservation covers it) or short. */
function Available({ available, item, pending }: { available: number; item: SpareDocItem; pending: boolean }) {
  if (!pending) return <span>{available}</span>;
  const short = available < item.quantity;
  return (
    <Space size={4}>
      <span>{available}</span>
      <Tag color={short ? 'red' : 'green'}>{short ? '不足' : `审批后剩${available - item.quantity}`}</Tag>
    </Space>
  );
}

/** Beside the approve button (also on a phone, where the table scrolls): per line, what the warehouse can honour. */
function Summary({ items, count }: { items: SpareDocItem[]; count: boolean }) {
  return (
    <Space orientation="vertical" size={0} data-testid="doc-availability">
      {items.map((r) => {
        const available = r.available ?? r.stock;
        const text = count
          ? `${r.spareName}：账面${r.stock}，实盘${r.quantity}，差异${signed(r.quantity - r.stock)}`
          : `${r.spareName}：现有${r.stock}，其他单据预留${r.reserved ?? 0}，可用${available}，${available < r.quantity ? '不足' : `审批后剩${available - r.quantity}`}`;
        return (
          <Typography.Text key={r.line} type={!count && available < r.quantity ? 'danger' : 'secondary'}>
            {text}
          </Typography.Text>
        );
      })}
    </Space>
  );
}

/** A counted serial-tracked spare: the serials found, and before approval which units go missing (盘亏) or come in (盘盈). */
function CountSerials({ warehouseId, item, pending }: { warehouseId: number | null; item: SpareDocItem; pending: boolean }) {
  const units = useUnits(pending ? warehouseId : null, item.spareId);
  const found = item.serials ?? [];
  const recorded = new Set((units.data?.units ?? []).map((u) => u.serial));
  const lost = [...recorded].filter((s) => !found.includes(s));
  const gained = found.filter((s) => !recorded.has(s));
  return (
    <Space orientation="vertical" size={2}>
      <span>{found.length ? found.join('、') : '未盘到'}</span>
      {units.data && lost.length ? <Typography.Text type="danger">{`盘亏：${lost.join('、')}`}</Typography.Text> : null}
      {units.data && gained.length ? <Typography.Text type="success">{`盘盈：${gained.join('、')}`}</Typography.Text> : null}
    </Space>
  );
}

/** /spareExamine?id: a stock document with its lines and history; the keeper approves (stock moves then) or rejects. */
export default function SpareExamine() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const { modal } = App.useApp();
  const detail = useApi(S.docDetail, { id }, { enabled: id > 0 });
  const [note, setNote] = useState('');
  const approve = useApiMutation(S.docApprove, { invalidates: [S.docDetail] });
  const reject = useApiMutation(S.docReject, { invalidates: [S.docDetail] });
  const withdraw = useApiMutation(S.docWithdraw, { invalidates: [S.docDetail] });
  const d = detail.data;
  if (!id || detail.isError) return <EmptyState description="单据不存在或已被删除" />;
  if (!d) return <Card loading size="small" />;
  const kind = SPARE_DOC_KINDS[d.kind as SpareDocKind];
  const can = (a: string) => d.abilities.includes(a);
  const body = { id, note: note || null };
  const confirmReject = () =>
    modal.confirm({
      title: '驳回单据',
      content: '确认驳回该单据吗？',
      okText: '驳回',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () => reject.mutateAsync(body),
    });
  const count = d.kind === 5;
  const pending = d.state === 1;
  const serials = (v: string[] | undefined, r: SpareDocItem) => (
    // Wrapped, so a long list leaves the stock columns in view.
    <div style={{ maxWidth: 360, minWidth: v?.length ? 160 : undefined, whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
      {count && r.serialized ? <CountSerials warehouseId={d.fromWarehouseId} item={r} pending={pending} /> : v?.length ? v.join('、') : '—'}
    </div>
  );
  const stock = [
    { key: 'stock', dataIndex: 'stock', title: count ? '账面库存' : '出库仓现有' },
    { key: 'reserved', dataIndex: 'reserved', title: count ? '待审批单据预留' : '其他单据预留' },
    count
      ? { key: 'diff', title: '差异', render: (_: unknown, r: SpareDocItem) => (pending ? signed(r.quantity - r.stock) : '—') }
      : {
          key: 'available',
          dataIndex: 'available',
          title: '可用',
          render: (v: number, r: SpareDocItem) => <Available available={v} item={r} pending={pending} />,
        },
  ];
  const columns = [
    { key: 'spareCode', dataIndex: 'spareCode', title: '备件编号' },
    { key: 'spareName', dataIndex: 'spareName', title: '备件名称' },
    { key: 'quantity', dataIndex: 'quantity', title: count ? '实盘数量' : '数量', render: (v: number, r: SpareDocItem) => `${v} ${r.unit}` },
    { key: 'serials', dataIndex: 'serials', title: '序列号', render: serials },
    ...(d.fromWarehouseId ? stock : []),
  ];
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Card
        size="small"
        title={
          <Space>
            {`${kind?.name ?? '单据'} ${d.docNo}`}
            <Tag color={DOC_STATE_COLORS[d.state]} data-testid="doc-state">
              {label(SPARE_DOC_STATES, d.state)}
            </Tag>
          </Space>
        }
      >
        <Descriptions size="small" column={{ xs: 1, md: 3 }}>
          <Descriptions.Item label="申请人">{d.applicantName}</Descriptions.Item>
          <Descriptions.Item label="申请时间">{d.create_time}</Descriptions.Item>
          <Descriptions.Item label="审批人">{d.approverName ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={d.kind === 5 ? '盘点仓库' : '出库仓库'}>{d.fromWarehouseName ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="入库仓库">{d.toWarehouseName ?? '—'}</Descriptions.Item>
          {d.kind === 2 ? <Descriptions.Item label="调拨类型">{label(TRANSFER_TYPES, d.transferType)}</Descriptions.Item> : null}
          {d.logistics || d.trackingNo ? <Descriptions.Item label="物流">{`${d.logistics ?? ''} ${d.trackingNo ?? ''}`}</Descriptions.Item> : null}
          <Descriptions.Item label="备注">{d.remark || '—'}</Descriptions.Item>
        </Descriptions>
        <Table<SpareDocItem> size="small" rowKey="line" pagination={false} columns={columns} dataSource={d.items} scroll={{ x: 'max-content' }} />
      </Card>
      {d.abilities.length ? (
        <Card size="small" title="审批">
          <Space orientation="vertical" style={{ width: '100%' }}>
            {can('approve') && d.fromWarehouseId ? <Summary items={d.items} count={count} /> : null}
            {can('approve') ? (
              <Input.TextArea
                rows={2}
                maxLength={200}
                placeholder="审批意见（选填）"
                value={note}
                onChange={(e) => setNote(e.target.value)}
                aria-label="审批意见"
              />
            ) : null}
            <Space wrap>
              {can('approve') ? (
                <Button type="primary" loading={approve.isPending} onClick={() => approve.mutate(body)}>
                  审批通过
                </Button>
              ) : null}
              {can('reject') ? (
                <Button danger onClick={confirmReject}>
                  驳回
                </Button>
              ) : null}
              {can('withdraw') ? <Button onClick={() => withdraw.mutate(body)}>撤回</Button> : null}
            </Space>
          </Space>
        </Card>
      ) : null}
      <Card size="small" title="审批记录">
        <Timeline
          items={d.logs.map((l) => ({
            key: `${l.create_time}-${l.action}`,
            content: `${l.create_time} ${l.userName ?? ''} ${ACTION_NAMES[l.action] ?? l.action}${l.note ? `：${l.note}` : ''}`,
          }))}
        />
      </Card>
    </Space>
  );
}
