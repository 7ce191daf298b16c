// On the create-order page: 故障模式 (the tree of the chosen product's category, sent with the order) and, once a
// model or fault mode is known, 相关知识 — the same suggestions the order detail shows, before the order exists.
import { KNOWLEDGE_POWER } from '@sk/shared/knowledge/knowledge.constants';
import type { KbHit } from '@sk/shared/knowledge/knowledge.contract';
import { Space, Typography } from 'antd';
import { useEffect } from 'react';
import { useApi } from '../../lib/query';
import { useCan } from '../../lib/session';
import { FaultTreeSelect, useFaultTree } from '../quality';
import { K } from './api';
import { KnowledgeHits } from './KnowledgeHits';

export function CreateOrderKnowledge({
  installedProductId,
  faultModeId,
  onFault,
}: {
  installedProductId: number | null;
  faultModeId: number | null;
  onFault: (id: number | null) => void;
}) {
  const can = useCan();
  const tree = useFaultTree({ installedProductId });
  const list = tree.data?.list ?? [];
  const model = tree.data?.productModelId ?? null;
  const fault = list.some((n) => n.id === faultModeId) ? faultModeId : null;
  // Another product (another category's tree) drops a fault mode chosen from the previous tree.
  useEffect(() => {
    if (tree.data && faultModeId != null && fault == null) onFault(null);
  }, [tree.data, faultModeId, fault, onFault]);
  const tips = useApi(
    K.suggest,
    { productModelId: model ?? undefined, faultModeId: fault ?? undefined },
    { enabled: can(KNOWLEDGE_POWER) && (model != null || fault != null), call: { silent: true } },
  );
  const hits: KbHit[] = model != null || fault != null ? [...(tips.data?.cases ?? []), ...(tips.data?.articles ?? [])] : [];
  if (!list.length && !hits.length) return null;
  return (
    <div className="sk-create-order-knowledge" data-testid="create-order-knowledge" style={{ marginBottom: 12 }}>
      {list.length ? (
        <Space wrap>
          <Typography.Text>故障模式</Typography.Text>
          <FaultTreeSelect list={list} value={fault} onChange={onFault} />
        </Space>
      ) : null}
      <KnowledgeHits hits={hits} testId="create-order-suggestions" />
    </div>
  );
}
