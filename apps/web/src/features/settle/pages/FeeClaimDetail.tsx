import { PaperClipOutlined } from '@ant-design/icons';
import { CHECK_CHOICES, CLAIM_KINDS } from '@sk/shared/settle/claims.machine';
import { Button, Card, Descriptions, Form, Input, Popconfirm, Space } from 'antd';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { LogCard, RecordFormDialog } from '../../../components';
import { invalidate, useApi, useApiMutation } from '../../../lib/query';
import { rulesOf } from '../../../lib/zodRules';
import { K, km, yuan } from '../api';
import { CLAIM_LOG_LABELS, CheckStateTag, ClaimStateTag } from '../components/claimBits';

/** 费用申请详情: the claim, both distances and amounts, finance's decision and the log. */
export default function FeeClaimDetail() {
  const id = Number(useParams().id);
  const detail = useApi(K.detail, { id }, { enabled: id > 0 });
  const decide = useApiMutation(K.decide);
  const [rejecting, setRejecting] = useState(false);
  const d = detail.data;
  if (!d) return <Card loading={detail.isLoading} title="费用申请详情" size="small" />;
  const refresh = () => void invalidate(K.detail);
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size={12}>
      <Card
        size="small"
        title={
          <Space>
            费用申请 {d.claimNo} <ClaimStateTag state={d.state} />
          </Space>
        }
        extra={
          <Space wrap>
            {d.abilities.includes('approve') && (
              <Popconfirm
                title="确定审批通过吗？"
                okText="确定"
                cancelText="取消"
                onConfirm={() => decide.mutateAsync({ id, action: 'approve' }).then(refresh)}
              >
                <Button type="primary" loading={decide.isPending}>
                  审批通过
                </Button>
              </Popconfirm>
            )}
            {d.abilities.includes('reject') && (
              <Button danger onClick={() => setRejecting(true)}>
                驳回
              </Button>
            )}
          </Space>
        }
      >
        <Descriptions size="small" column={{ xs: 1, sm: 2, md: 3 }}>
          <Descriptions.Item label="工单编号">
            <Link to={`/allOrder/orderDetail/${d.orderId}`}>{d.orderNo}</Link>
          </Descriptions.Item>
          <Descriptions.Item label="服务商">{d.providerName}</Descriptions.Item>
          <Descriptions.Item label="费用类型">{CLAIM_KINDS[d.kind as 1 | 2]}</Descriptions.Item>
          <Descriptions.Item label="申请金额">
            <strong>{yuan(d.amountCents)}</strong>
          </Descriptions.Item>
          {d.kind === 1 && <Descriptions.Item label="申请里程">{km(d.claimedM)}</Descriptions.Item>}
          {d.kind === 1 && <Descriptions.Item label="直线距离">{km(d.computedM)}</Descriptions.Item>}
          {d.kind === 1 && <Descriptions.Item label="核算金额">{yuan(d.computedCents)}</Descriptions.Item>}
          <Descriptions.Item label="容差">{d.overTolerance ? `超出 ${d.tolerancePct}%` : `${d.tolerancePct}% 以内`}</Descriptions.Item>
          <Descriptions.Item label="费用审核">
            <CheckStateTag state={d.checkState} />
            {d.checkChoice ? ` ${CHECK_CHOICES[d.checkChoice as 1 | 2 | 3]}（${d.checkReason}${d.checkNote ? `；${d.checkNote}` : ''}）` : ''}
          </Descriptions.Item>
          {d.state === 2 && d.checkState !== 1 && <Descriptions.Item label="结算金额">{yuan(d.finalCents)}</Descriptions.Item>}
          <Descriptions.Item label="结算单">{d.settleNo ?? '未结算'}</Descriptions.Item>
          <Descriptions.Item label="申请人">{d.applicantName}</Descriptions.Item>
          <Descriptions.Item label="申请时间">{d.create_time}</Descriptions.Item>
          {d.note && <Descriptions.Item label="说明">{d.note}</Descriptions.Item>}
          {d.attachments.length > 0 && (
            <Descriptions.Item label="附件">
              <Space wrap>
                {d.attachments.map((a, i) => (
                  <a key={a} href={a} target="_blank" rel="noreferrer">
                    <PaperClipOutlined /> 附件{i + 1}
                  </a>
                ))}
              </Space>
            </Descriptions.Item>
          )}
        </Descriptions>
      </Card>
      <LogCard
        title="操作记录"
        lines={d.logs.map((l) => ({ time: l.create_time, userName: l.userName, action: CLAIM_LOG_LABELS[l.action] ?? l.action, note: l.note }))}
      />
      <RecordFormDialog<{ note: string }>
        open={rejecting}
        name="claimReject"
        title="驳回费用申请"
        okText="提交"
        onClose={() => setRejecting(false)}
        onSubmit={(v) => decide.mutateAsync({ id, action: 'reject', note: v.note }).then(refresh)}
      >
        <Form.Item name="note" label="驳回理由" rules={rulesOf(K.decide.body.shape.note, { required: '请输入驳回理由' })}>
          <Input.TextArea maxLength={200} rows={3} />
        </Form.Item>
      </RecordFormDialog>
    </Space>
  );
}
