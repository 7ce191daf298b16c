// On the order detail: 生成案例 (a completed order, for 案例管理), the order's cases, and 相关知识 — the articles and
// published cases of the order's product model and fault mode, opened in a drawer (phone width too).
import { CASE_POWER, KNOWLEDGE_POWER } from '@sk/shared/knowledge/knowledge.constants';
import type { KbHit } from '@sk/shared/knowledge/knowledge.contract';
import { BulbOutlined } from '@ant-design/icons';
import { Button, List, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useApi, useApiMutation } from '../../lib/query';
import { useCan } from '../../lib/session';
import { C, caseStateLabel, K } from './api';
import { KnowledgeDrawer } from './KnowledgeDrawer';

const COMPLETED = 5;

export function OrderKnowledge({ orderId, state }: { orderId: number; state: number }) {
  const can = useCan();
  const navigate = useNavigate();
  const manages = can(CASE_POWER);
  const reads = can(KNOWLEDGE_POWER);
  const cases = useApi(C.ofOrder, { orderId }, { call: { silent: true } });
  const tips = useApi(K.suggest, { orderId }, { enabled: reads, call: { silent: true } });
  const make = useApiMutation(C.fromOrder);
  const [opened, setOpened] = useState<{ kind: 'article' | 'case'; id: number } | null>(null);
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
      {hits.length ? (
        <section className="sk-order-knowledge" aria-label="相关知识" data-testid="order-knowledge" style={{ marginTop: 8 }}>
          <Typography.Text strong>
            <BulbOutlined /> 相关知识
          </Typography.Text>
          <List
            size="small"
            dataSource={hits}
            renderItem={(h) => (
              <List.Item style={{ paddingInline: 0 }}>
                <Button
                  type="link"
                  style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }}
                  onClick={() => setOpened({ kind: h.kind, id: h.id })}
                >
                  {h.kind === 'case' ? <Tag color="blue">案例</Tag> : <Tag>文章</Tag>}
                  {h.title}
                </Button>
              </List.Item>
            )}
          />
        </section>
      ) : null}
      <KnowledgeDrawer open={opened} onClose={() => setOpened(null)} />
    </div>
  );
}
