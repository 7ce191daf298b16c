import { teamContract } from '@sk/shared/org/team.contract';
import { REWARD_CAUSES, REWARD_KINDS, REWARD_STATES } from '@sk/shared/settle/rewards.machine';
import type { RewardRow } from '@sk/shared/settle/rewards.contract';
import { Button, Card, Descriptions, Drawer, Form, Input, Popconfirm, Select, Space, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FilterSelect, ListPage, LogCard, RecordFormDialog } from '../../../components';
import { labelOptions } from '../../../lib/options';
import { invalidate, useApi, useApiMutation } from '../../../lib/query';
import { useUser } from '../../../lib/session';
import { rulesOf } from '../../../lib/zodRules';
import { fetchRewards, R } from '../api';
import { REWARD_LOG_LABELS, RewardKindTag, RewardSettle, RewardStateTag, rewardColumns, signedYuan } from '../components/rewardBits';

const APPROVAL_STATE_COLORS: Record<number, string> = { 0: 'processing', 1: 'success', 2: 'error', 3: 'default' };

/** One record: its facts, its actions (finance), its approval flow and its log. */
function RewardDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const detail = useApi(R.detail, { id });
  const flow = useApi(R.approvalProcess, { id });
  const act = useApiMutation(R.action);
  const [rejecting, setRejecting] = useState(false);
  const d = detail.data;
  const can = (a: string) => d?.abilities.includes(a) ?? false;
  const run = (action: 'submit' | 'approve' | 'cancel') => act.mutateAsync({ id, action }).then(() => void invalidate(R.detail));
  const f = flow.data;
  return (
    <Drawer open title={d ? `奖惩单 ${d.rewardNo}` : '奖惩单'} onClose={onClose} width="min(640px, 100vw)" loading={!d}>
      {d ? (
        <Space orientation="vertical" style={{ width: '100%' }} size={12}>
          <Space wrap>
            {can('submit') && (
              <Button type="primary" loading={act.isPending} onClick={() => run('submit')}>
                提交审批
              </Button>
            )}
            {can('approve') && (
              <Popconfirm title="确定审批通过吗？" okText="确定" cancelText="取消" onConfirm={() => run('approve')}>
                <Button type="primary" loading={act.isPending}>
                  审批通过
                </Button>
              </Popconfirm>
            )}
            {can('reject') && (
              <Button danger onClick={() => setRejecting(true)}>
                驳回
              </Button>
            )}
            {can('cancel') && (
              <Popconfirm title="确定作废该奖惩单吗？" okText="确定" cancelText="取消" onConfirm={() => run('cancel')}>
                <Button>作废</Button>
              </Popconfirm>
            )}
          </Space>
          <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered>
            <Descriptions.Item label="类型">
              <RewardKindTag kind={d.kind} />
            </Descriptions.Item>
            <Descriptions.Item label="状态">
              <RewardStateTag state={d.state} />
            </Descriptions.Item>
            <Descriptions.Item label="服务商">{d.providerName}</Descriptions.Item>
            <Descriptions.Item label="金额">
              <strong>{signedYuan(d.kind, d.amountCents)}</strong>
            </Descriptions.Item>
            <Descriptions.Item label="关联工单">{d.orderNo ? <Link to={`/allOrder/orderDetail/${d.orderId}`}>{d.orderNo}</Link> : '—'}</Descriptions.Item>
            <Descriptions.Item label="来源">{REWARD_CAUSES[d.causeType as 0]}</Descriptions.Item>
            <Descriptions.Item label="结算">
              <RewardSettle r={d} />
            </Descriptions.Item>
            <Descriptions.Item label="提交人">{d.submitterName ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="奖惩原因" span={2}>
              {d.reason}
            </Descriptions.Item>
            {d.attachments.length > 0 && (
              <Descriptions.Item label="附件" span={2}>
                {d.attachments.map((a, i) => (
                  <a key={a} href={a} target="_blank" rel="noreferrer" style={{ marginRight: 8 }}>
                    {`附件${i + 1}`}
                  </a>
                ))}
              </Descriptions.Item>
            )}
          </Descriptions>
          {f ? (
            <Card size="small" title="审批流程" extra={<Tag color={APPROVAL_STATE_COLORS[f.state]}>{f.stateName}</Tag>}>
              {f.steps.map((s, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a step is its position in the pinned flow.
                <div key={i}>
                  <b>{`${i + 1}. ${s.name}`}</b>{' '}
                  {f.tasks
                    .filter((x) => x.step === i)
                    .map((x) => (
                      <Tag key={x.id} color={x.decision === 1 ? 'success' : x.decision === 2 ? 'error' : undefined}>
                        {`${x.userName} ${x.decision == null ? '待审批' : x.decision === 1 ? '同意' : x.decision === 2 ? '驳回' : '无需处理'}`}
                      </Tag>
                    ))}
                </div>
              ))}
            </Card>
          ) : null}
          <LogCard
            title="操作记录"
            lines={d.logs.map((l) => ({ time: l.create_time, userName: l.userName, action: REWARD_LOG_LABELS[l.action] ?? l.action, note: l.note }))}
          />
        </Space>
      ) : null}
      <RecordFormDialog<{ note: string }>
        open={rejecting}
        name="rewardReject"
        title="驳回奖惩单"
        okText="提交"
        onClose={() => setRejecting(false)}
        onSubmit={(v) => act.mutateAsync({ id, action: 'reject', note: v.note }).then(() => void invalidate(R.detail))}
      >
        <Form.Item name="note" label="驳回理由" rules={rulesOf(R.action.body.shape.note, { required: '请输入驳回理由' })}>
          <Input.TextArea maxLength={200} rows={3} />
        </Form.Item>
      </RecordFormDialog>
    </Drawer>
  );
}

/** 奖惩管理 (/commissionOrder/list): finance and administrators keep them; a provider's dispatcher reads his provider's. */
export default function CommissionOrderList() {
  const finance = useUser().userType !== 1;
  const navigate = useNavigate();
  const providers = useApi(teamContract.providerSimpleList, {}, { enabled: finance });
  const [open, setOpen] = useState<number | null>(null);
  // The approval's link opens /commissionOrder/list?id=…: that record's drawer.
  const [search] = useSearchParams();
  useEffect(() => {
    const id = Number(search.get('id'));
    if (id > 0) setOpen(id);
  }, [search]);
  return (
    <Card title="奖惩管理" size="small">
      <ListPage<RewardRow>
        title="奖惩管理"
        columns={rewardColumns(setOpen)}
        fetch={fetchRewards}
        sort={false}
        keywordPlaceholder="奖惩单号/工单编号/原因"
        phoneCard={['rewardNo', 'state', 'providerName', 'amountCents', 'reason', 'create_time']}
        toolbar={
          finance ? (
            <Button type="primary" onClick={() => navigate('/commissionOrder/create')}>
              新建奖惩
            </Button>
          ) : null
        }
        filters={
          <>
            {finance && (
              <FilterSelect name="providerId" label="服务商" width={200} options={(providers.data ?? []).map((p) => ({ value: p.id, label: p.name }))} />
            )}
            <Form.Item name="kind" label="类型">
              <Select allowClear placeholder="全部" style={{ width: 120 }} options={labelOptions(REWARD_KINDS)} />
            </Form.Item>
            <FilterSelect name="state" label="状态" width={120} options={labelOptions(REWARD_STATES)} />
            <Form.Item name="causeType" label="来源">
              <Select allowClear placeholder="全部" style={{ width: 150 }} options={labelOptions(REWARD_CAUSES)} />
            </Form.Item>
          </>
        }
      />
      {open ? <RewardDrawer id={open} onClose={() => setOpen(null)} /> : null}
    </Card>
  );
}
