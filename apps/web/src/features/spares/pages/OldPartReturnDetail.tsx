import { Card, Descriptions, Tag } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components';
import { invalidate, useApi } from '../../../lib/query';
import { S } from '../api';
import { OldPartActions } from '../components/OldPartActions';
import { label, OLD_PART_STATES, RETURN_TYPES } from '../options';

/** /oldPartReturnDetail?id&oid: one return obligation and its next steps. */
export default function OldPartReturnDetail() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const d = useApi(S.oldDetail, { id }, { enabled: id > 0 });
  if (!id || d.isError) return <EmptyState description="旧件记录不存在或已被删除" />;
  const r = d.data;
  if (!r) return <Card loading size="small" />;
  return (
    <Card size="small" title={`旧件-${r.id} ${r.spareName}`} extra={<OldPartActions r={r} onDone={() => invalidate(S.oldDetail)} />}>
      <Descriptions size="small" column={{ xs: 1, md: 3 }}>
        <Descriptions.Item label="状态">
          <Tag color={r.state === 1 ? 'orange' : 'green'} data-testid="old-part-state">
            {label(OLD_PART_STATES, r.state)}
          </Tag>
          {r.overdue ? <Tag color="red">已逾期</Tag> : null}
        </Descriptions.Item>
        <Descriptions.Item label="返还方式">{label(RETURN_TYPES, r.returnType)}</Descriptions.Item>
        <Descriptions.Item label="旧件序列号">{r.serial ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="工单">{r.orderId ? <Link to={`/allOrder/orderDetail/${r.orderId}`}>{`工单-${r.orderId}`}</Link> : '—'}</Descriptions.Item>
        <Descriptions.Item label="责任人">{r.holderName ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="返还期限">{r.due_time}</Descriptions.Item>
        <Descriptions.Item label="物流">{r.trackingNo ? `${r.logistics ?? ''} ${r.trackingNo}` : '—'}</Descriptions.Item>
        <Descriptions.Item label="返还地址">{r.address ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="创建时间">{r.create_time}</Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
