import { Card } from 'antd';
import { SaleContractList } from '../components/ContractLists';

/** /saleContract — every customer's sales contracts. */
export default function SaleContractPage() {
  return (
    <Card title="销售合同" size="small">
      <SaleContractList />
    </Card>
  );
}
