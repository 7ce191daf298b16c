import { EVALUATION_DIMENSIONS } from '@sk/shared/orders/order.money';
import { Button, Card, Descriptions, Empty, Input, Rate, Space, Spin } from 'antd';
import { useState } from 'react';
import { useApi, useApiMutation } from '../../../lib/query';
import { moneyContract as M } from './api';

const RATE_TEXT = ['很差', '较差', '一般', '满意', '非常满意'];

/** The customer's evaluation (detail page tab 评价): four dimensions scored 1–5 and a comment, once, on a completed order. */
export function EvaluationPanel({ orderId }: { orderId: number }) {
  const q = useApi(M.evaluation, { orderId });
  const [scores, setScores] = useState<number[]>([0, 0, 0, 0]);
  const [comment, setComment] = useState('');
  const save = useApiMutation(M.evaluate);
  const e = q.data;
  if (!e) return q.isLoading ? <Spin /> : <Empty description="暂无评价" />;
  if (e.evaluated) {
    return (
      <Card
        size="small"
        title="客户评价"
        extra={
          <span style={{ color: 'var(--ant-color-text-tertiary, rgba(0, 0, 0, 0.56))' }}>{[e.evaluatorName, e.evaluateTime].filter(Boolean).join(' ')}</span>
        }
      >
        <Descriptions size="small" column={{ xs: 1, sm: 2 }}>
          {EVALUATION_DIMENSIONS.map((d, i) => (
            <Descriptions.Item key={d} label={d}>
              <Rate disabled value={e.scores?.[i] ?? 0} />
            </Descriptions.Item>
          ))}
          <Descriptions.Item label="评价内容" span={2}>
            {e.comment || '—'}
          </Descriptions.Item>
        </Descriptions>
      </Card>
    );
  }
  if (!e.canEvaluate) return <Empty description="工单完成后由客服或创建人记录客户评价" />;
  const complete = scores.every((s) => s >= 1);
  return (
    <Card size="small" title="客户评价">
      <Space direction="vertical" style={{ width: '100%' }}>
        {EVALUATION_DIMENSIONS.map((d, i) => (
          <Space key={d} wrap>
            <span style={{ display: 'inline-block', width: 84 }}>{d}</span>
            <Rate aria-label={d} tooltips={RATE_TEXT} value={scores[i]} onChange={(v) => setScores((s) => s.map((x, j) => (j === i ? v : x)))} />
          </Space>
        ))}
        <Input.TextArea
          aria-label="评价内容"
          placeholder="请输入评价内容（选填）"
          maxLength={500}
          showCount
          rows={3}
          value={comment}
          onChange={(ev) => setComment(ev.target.value)}
        />
        <Button type="primary" disabled={!complete} loading={save.isPending} onClick={() => save.mutate({ orderId, scores, comment })}>
          提交评价
        </Button>
      </Space>
    </Card>
  );
}
