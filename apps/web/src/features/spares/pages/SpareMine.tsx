import { Button, Card, Tabs } from 'antd';
import { useState } from 'react';
import { call } from '../../../lib/api';
import { type ListQuery, withReads } from '../../../components';
import { S } from '../api';
import { DocDialog } from '../components/DocDialog';
import { StockTable } from '../components/StockTable';
import { SpareDocsPage } from './SpareDocs';

const fetchMine = withReads((q: ListQuery) => call(S.mine, q as never), S.mine);

/** 我的备件: the engineer's own (van) stock; requisition more, return parts to a warehouse, hand them to another engineer, hand in faulty parts. */
export default function SpareMine() {
  const [filing, setFiling] = useState<1 | 8 | 10 | 11 | null>(null);
  return (
    <Card title="我的备件" size="small">
      <Tabs
        items={[
          {
            key: 'stock',
            label: '我的库存',
            children: (
              <StockTable
                title="我的备件"
                fetch={fetchMine}
                warehouseFilter={false}
                toolbar={
                  <>
                    <Button type="primary" onClick={() => setFiling(1)}>
                      申请领用
                    </Button>
                    <Button onClick={() => setFiling(8)}>退还备件</Button>
                    <Button onClick={() => setFiling(10)}>交接备件</Button>
                    <Button onClick={() => setFiling(11)}>回收废件</Button>
                  </>
                }
              />
            ),
          },
          { key: 'returns', label: '退还单', children: <SpareDocsPage kind={8} /> },
          { key: 'orderReturns', label: '工单退回单', children: <SpareDocsPage kind={9} /> },
          { key: 'handovers', label: '交接单', children: <SpareDocsPage kind={10} /> },
          { key: 'recycles', label: '回收单', children: <SpareDocsPage kind={11} /> },
        ]}
      />
      {filing ? <DocDialog kind={filing} open onClose={() => setFiling(null)} /> : null}
    </Card>
  );
}
