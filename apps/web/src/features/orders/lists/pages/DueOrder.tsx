import { Card } from 'antd';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { dueOrderQuery } from '../first';
import { OrderList } from '../OrderList';

/** 超时工单: open orders past their due time; query `keyword` starts the search. */
export default function DueOrder() {
  const [search] = useSearchParams();
  const keyword = search.get('keyword');
  const initialQuery = useMemo(() => dueOrderQuery(keyword), [keyword]);
  return (
    <Card title="超时工单" size="small">
      <OrderList key={keyword ?? ''} scope="due" title="超时工单" initialQuery={initialQuery} />
    </Card>
  );
}
