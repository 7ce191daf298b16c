import { Card } from 'antd';
import { useSearchParams } from 'react-router';
import { fetchWarnings } from '../api';
import { StockTable } from '../components/StockTable';

/** 库存预警: stock below its safety stock (the keeper is told through a notice when it falls below). */
export default function SpareWarning() {
  const [params] = useSearchParams();
  const warehouseId = Number(params.get('warehouseId')) || undefined;
  return (
    <Card title="库存预警" size="small">
      <StockTable title="库存预警" fetch={fetchWarnings} editable initialQuery={warehouseId ? { warehouseId } : undefined} />
    </Card>
  );
}
