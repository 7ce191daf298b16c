import { PlusOutlined } from '@ant-design/icons';
import type { SpareDocRow } from '@sk/shared/spares/spares.contract';
import { SPARE_DOC_KINDS, type SpareDocKind } from '@sk/shared/spares/spares.constants';
import { Button, Card, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { FilterSelect, type ListColumn, ListPage } from '../../../components';
import { useUser } from '../../../lib/session';
import { fetchDocs, S } from '../api';
import { DocDialog } from '../components/DocDialog';
import { DOC_STATE_COLORS, DOC_STATE_OPTIONS, examinePath, label, SPARE_DOC_STATES, TRANSFER_TYPES } from '../options';
import { invalidate } from '../../../lib/query';

const TITLES: Record<number, string> = {
  1: '备件领用',
  2: '备件调拨',
  3: '备件分配',
  4: '备件报废',
  5: '库存盘点',
  6: '入库',
  7: '出库',
  8: '备件退还',
  9: '工单退回',
  10: '备件交接',
  11: '废件回收',
  12: '废件翻新',
};

/** One kind of stock document: its list (mine or, for the keeper, everyone's), a new document, the approval page per row. */
export function SpareDocsPage({ kind, extraKinds = [] }: { kind: SpareDocKind; extraKinds?: SpareDocKind[] }) {
  const me = useUser().id;
  const [filing, setFiling] = useState<SpareDocKind | null>(null);
  const title = TITLES[kind] as string;
  const params = useMemo(() => ({ kind }), [kind]);
  const columns: ListColumn<SpareDocRow>[] = [
    { key: 'docNo', dataIndex: 'docNo', title: '单号', render: (v: string, r) => <Link to={examinePath(r.id, kind)}>{v}</Link> },
    { key: 'state', dataIndex: 'state', title: '状态', render: (v: number) => <Tag color={DOC_STATE_COLORS[v]}>{label(SPARE_DOC_STATES, v)}</Tag> },
    { key: 'summary', dataIndex: 'summary', title: '备件明细' },
    { key: 'fromWarehouseName', dataIndex: 'fromWarehouseName', title: kind === 5 ? '盘点仓库' : '出库仓库', render: (v: string | null) => v ?? '—' },
    { key: 'toWarehouseName', dataIndex: 'toWarehouseName', title: '入库仓库', render: (v: string | null) => v ?? '—' },
    ...(kind === 2 ? [{ key: 'transferType', dataIndex: 'transferType', title: '调拨类型', render: (v: number | null) => label(TRANSFER_TYPES, v) }] : []),
    { key: 'applicantName', dataIndex: 'applicantName', title: '申请人' },
    { key: 'approverName', dataIndex: 'approverName', title: '审批人', render: (v: string | null) => v ?? '—' },
    { key: 'create_time', dataIndex: 'create_time', title: '申请时间' },
    {
      key: 'actions',
      title: '操作',
      fixed: 'right',
      width: 100,
      // Nobody approves his own document, so the applicant's row only offers 查看.
      render: (_: unknown, r) => <Link to={examinePath(r.id, kind)}>{r.state === 1 && r.applicantId !== me ? '审批' : '查看'}</Link>,
    },
  ];
  return (
    <Card title={title} size="small">
      <ListPage<SpareDocRow>
        title={title}
        columns={columns}
        fetch={fetchDocs}
        params={params}
        sort={false}
        phoneCard={['docNo', 'state', 'summary', 'create_time', 'actions']}
        filters={<FilterSelect name="state" label="状态" width={140} options={DOC_STATE_OPTIONS} />}
        toolbar={[kind, ...extraKinds].map((k) => (
          <Button key={k} type={k === kind ? 'primary' : 'default'} icon={<PlusOutlined />} onClick={() => setFiling(k)}>
            新建{SPARE_DOC_KINDS[k].name}
          </Button>
        ))}
      />
      {filing ? <DocDialog kind={filing} open onClose={() => setFiling(null)} onSaved={() => invalidate(S.docList)} /> : null}
    </Card>
  );
}

export const SpareGet = () => <SpareDocsPage kind={1} />;
export const SpareAllotted = () => <SpareDocsPage kind={2} />;
export const SpareDistributed = () => <SpareDocsPage kind={3} />;
export const SpareWaste = () => <SpareDocsPage kind={4} extraKinds={[12]} />;
export const StockTaking = () => <SpareDocsPage kind={5} />;
