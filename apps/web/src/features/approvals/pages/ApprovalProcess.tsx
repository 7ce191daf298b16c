import { APPROVAL_DECISIONS, APPROVAL_DOC_KINDS, APPROVAL_STATES } from '@sk/shared/approvals/kinds';
import type { ApprovalInstanceRow } from '@sk/shared/approvals/approvals.contract';
import { Button, Card, Descriptions, Drawer, Form, Input, Select, Space, Tabs, Tag, Timeline } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { type ListColumn, ListPage, type Person, PersonField, RecordFormDialog } from '../../../components';
import { labelOptions } from '../../../lib/options';
import { useApi, useApiMutation } from '../../../lib/query';
import { A, fetchInbox } from '../api';

const STATE_COLORS: Record<number, string> = { 0: 'processing', 1: 'success', 2: 'error', 3: 'default' };
const ACTIONS: Record<string, string> = { start: '提交审批', approve: '同意', reject: '驳回', withdraw: '撤回', transfer: '转交' };
type Box = 'todo' | 'done' | 'mine';

/** One instance: its steps, who decided what, and the actions the viewer may take. */
function InstanceDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const detail = useApi(A.detail, { id });
  const [comment, setComment] = useState('');
  const [transferring, setTransferring] = useState(false);
  // A decision ends the viewer's part: the drawer closes and the lists and counts refresh (it showed 同意 again before).
  const decided = { onSuccess: onClose };
  const approve = useApiMutation(A.approve, decided);
  const reject = useApiMutation(A.reject, decided);
  const withdraw = useApiMutation(A.withdraw, decided);
  const transfer = useApiMutation(A.transfer, decided);
  const d = detail.data;
  const can = (a: string) => d?.abilities.includes(a as never) ?? false;
  return (
    <Drawer open title={d ? `${d.kindName} ${d.docNo}` : '审批详情'} onClose={onClose} width="min(640px, 100vw)" loading={!d}>
      {d ? (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Descriptions size="small" column={1}>
            <Descriptions.Item label="状态">
              <Tag color={STATE_COLORS[d.state]}>{d.stateName}</Tag>
              {d.state === 0 ? `第${d.step + 1}步：${d.stepName}` : null}
            </Descriptions.Item>
            <Descriptions.Item label="申请人">{d.applicantName}</Descriptions.Item>
            <Descriptions.Item label="申请时间">{d.create_time}</Descriptions.Item>
            <Descriptions.Item label="单据">
              <Link to={d.link}>{d.title || d.docNo || '查看单据'}</Link>
            </Descriptions.Item>
            <Descriptions.Item label="流程版本">{`V${d.flowVersion}`}</Descriptions.Item>
          </Descriptions>
          <Card size="small" title="审批步骤">
            {d.steps.map((s, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a step is its position in the pinned flow; the list never reorders.
              <div key={i} style={{ marginBottom: 8 }}>
                <b>{`${i + 1}. ${s.name}`}</b>
                <div>
                  {d.tasks
                    .filter((t) => t.step === i)
                    .map((t) => (
                      <Tag key={t.id} color={t.decision === 1 ? 'success' : t.decision === 2 ? 'error' : undefined}>
                        {`${t.userName} ${t.decision == null ? '待审批' : APPROVAL_DECISIONS[t.decision as 1]}${t.actedBy && t.actedBy !== t.userId ? `（${t.actedByName}代）` : ''}`}
                      </Tag>
                    ))}
                </div>
              </div>
            ))}
          </Card>
          <Timeline
            items={d.log.map((l) => ({
              key: l.id,
              children: `${l.create_time} ${l.userName ?? ''}${l.onBehalfOfName ? `（代${l.onBehalfOfName}）` : ''} ${ACTIONS[l.action] ?? l.action}${l.comment ? `：${l.comment}` : ''}`,
            }))}
          />
          {can('approve') || can('withdraw') ? (
            <Input.TextArea rows={2} maxLength={500} placeholder="审批意见（驳回时必填）" value={comment} onChange={(e) => setComment(e.target.value)} />
          ) : null}
          <Space wrap>
            {can('approve') ? (
              <Button type="primary" loading={approve.isPending} onClick={() => approve.mutate({ id, comment: comment || null })}>
                同意
              </Button>
            ) : null}
            {can('reject') ? (
              <Button danger loading={reject.isPending} onClick={() => reject.mutate({ id, comment })}>
                驳回
              </Button>
            ) : null}
            {can('transfer') ? <Button onClick={() => setTransferring(true)}>转交</Button> : null}
            {can('withdraw') ? (
              <Button loading={withdraw.isPending} onClick={() => withdraw.mutate({ id, comment: comment || null })}>
                撤回
              </Button>
            ) : null}
          </Space>
        </Space>
      ) : null}
      <RecordFormDialog<{ user: Person[]; comment?: string }>
        open={transferring}
        title="转交审批"
        okText="转交"
        onClose={() => setTransferring(false)}
        onSubmit={(v) => transfer.mutateAsync({ id, userId: v.user[0]?.id as number, comment: v.comment ?? null })}
      >
        <Form.Item
          name="user"
          label="转交给"
          // why: a picked person (PersonField) in the form, the contract's userId on save
          rules={[{ required: true, message: '请选择转交人' }]}
        >
          <PersonField />
        </Form.Item>
        <Form.Item name="comment" label="转交说明">
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </RecordFormDialog>
    </Drawer>
  );
}

/** /approvalProcess: my approvals across every document kind — waiting for me, done by me, started by me. */
export default function ApprovalProcess() {
  const [box, setBox] = useState<Box>('todo');
  const [open, setOpen] = useState<number | null>(null);
  // An approver's notice opens /approvalProcess?id=…: that instance's drawer.
  const [search] = useSearchParams();
  useEffect(() => {
    const id = Number(search.get('id'));
    if (id > 0) setOpen(id);
  }, [search]);
  const counts = useApi(A.counts);
  const params = useMemo(() => ({ box }), [box]);
  const columns: ListColumn<ApprovalInstanceRow>[] = [
    { key: 'docNo', dataIndex: 'docNo', title: '单据', render: (v: string, r) => <Link to={r.link}>{v || r.title || `${r.kindName}-${r.docId}`}</Link> },
    { key: 'kindName', dataIndex: 'kindName', title: '审批类型' },
    { key: 'state', dataIndex: 'state', title: '状态', render: (v: number, r) => <Tag color={STATE_COLORS[v]}>{r.stateName}</Tag> },
    { key: 'stepName', dataIndex: 'stepName', title: '当前步骤', render: (v: string) => v || '—' },
    { key: 'title', dataIndex: 'title', title: '标题', render: (v: string) => v || '—' },
    { key: 'applicantName', dataIndex: 'applicantName', title: '申请人' },
    { key: 'create_time', dataIndex: 'create_time', title: '申请时间' },
    { key: 'finish_time', dataIndex: 'finish_time', title: '完成时间', render: (v: string | null) => v ?? '—' },
    {
      key: 'actions',
      title: '操作',
      fixed: 'right',
      width: 90,
      render: (_: unknown, r) => (
        <Button type="link" size="small" onClick={() => setOpen(r.id)}>
          {box === 'todo' ? '审批' : '查看'}
        </Button>
      ),
    },
  ];
  const c = counts.data;
  return (
    <Card title="审批处理" size="small">
      <Tabs
        activeKey={box}
        onChange={(k) => setBox(k as Box)}
        items={[
          { key: 'todo', label: `待我审批${c ? `(${c.todo})` : ''}` },
          { key: 'done', label: `我已审批${c ? `(${c.done})` : ''}` },
          { key: 'mine', label: `我发起的${c ? `(${c.mine})` : ''}` },
        ]}
      />
      <ListPage<ApprovalInstanceRow>
        title="审批处理"
        columns={columns}
        fetch={fetchInbox}
        params={params}
        sort={false}
        searchPlans={false}
        keywordPlaceholder="单据编号/标题"
        phoneCard={['docNo', 'kindName', 'state', 'applicantName', 'create_time', 'actions']}
        filters={
          <>
            <Form.Item name="kind" label="审批类型">
              <Select allowClear placeholder="全部" style={{ width: 160 }} options={APPROVAL_DOC_KINDS.map((k) => ({ value: k.kind, label: k.label }))} />
            </Form.Item>
            <Form.Item name="state" label="状态">
              <Select allowClear placeholder="全部" style={{ width: 120 }} options={labelOptions(APPROVAL_STATES)} />
            </Form.Item>
          </>
        }
      />
      {open ? <InstanceDrawer id={open} onClose={() => setOpen(null)} /> : null}
    </Card>
  );
}
