// On the order detail: 生成案例 (a completed order, for 案例管理), the order's cases, and 相关知识 — the articles and
// published cases of the order's product model and fault mode, opened in a drawer (phone width too).
import { CASE_POWER, KNOWLEDGE_POWER } from '@sk/shared/knowledge/knowledge.constants';
import type { KbHit } from '@sk/shared/knowledge/knowledge.contract';
import { Button, Space } from 'antd';
import { Link, useNavigate } from 'react-router';
import { useApi, useApiMutation } from '../../lib/query';
import { useCan } from '../../lib/session';
import { C, caseStateLabel, K } from './api';
import { KnowledgeHits } from './KnowledgeHits';

const COMPLETED = 5;

export function OrderKnowledge({ orderId, state }: { orderId: number; state: number }) {
  const can = useCan();
  const navigate = useNavigate();
  const manages = can(CASE_POWER);
  const reads = can(KNOWLEDGE_POWER);
  const cases = useApi(C.ofOrder, { orderId }, { call: { silent: true } });
  const tips = useApi(K.suggest, { orderId }, { enabled: reads, call: { silent: true } });
  const make = useApiMutation(C.fromOrder);
  const hits: KbHit[] = [...(tips.data?.cases ?? []), ...(tips.data?.articles ?? [])];
  const own = cases.data ?? [];
  return (
    <div style={{ marginTop: 8 }}>
      {manages && (state === COMPLETED || own.length) ? (
        <Space wrap>
          {state === COMPLETED && !own.some((c) => c.relation === 'generated') ? (
            <Button
              onClick={async () => {
                const r = await make.mutateAsync({ orderId });
                navigate(`/case/detail/${r.id}`);
              }}
            >
              生成案例
            </Button>
          ) : null}
          {own.map((c) => (
            <Link key={c.id} to={`/case/detail/${c.id}`}>
              {c.relation === 'generated' ? '本单案例' : '来源案例'} {c.caseNo}（{caseStateLabel(c.state)}）
            </Link>
          ))}
        </Space>
      ) : null}
      <KnowledgeHits hits={hits} />
    </div>
  );
}
