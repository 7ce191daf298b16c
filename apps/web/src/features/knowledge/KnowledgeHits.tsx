// 相关知识: suggested cases and articles as links, each opened in the knowledge drawer (phone width too). The order
// detail shows the order's; the create-order page those of the chosen product model and fault mode.
import type { KbHit } from '@sk/shared/knowledge/knowledge.contract';
import { BulbOutlined } from '@ant-design/icons';
import { Button, List, Tag, Typography } from 'antd';
import { useState } from 'react';
import { KnowledgeDrawer } from './KnowledgeDrawer';

export function KnowledgeHits({ hits, testId = 'order-knowledge' }: { hits: KbHit[]; testId?: string }) {
  const [opened, setOpened] = useState<{ kind: 'article' | 'case'; id: number } | null>(null);
  return (
    <>
      {hits.length ? (
        <section className="sk-order-knowledge" aria-label="相关知识" data-testid={testId} style={{ marginTop: 8 }}>
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
    </>
  );
}
