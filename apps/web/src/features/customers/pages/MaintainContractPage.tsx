import { Card } from 'antd';
import { MaintainContractList } from '../components/ContractLists';

/** /maintainContract — every customer's maintenance contracts. */
export default function MaintainContractPage() {
  return (
    <Card title="维保合同" size="small">
      <MaintainContractList />
    </Card>
  );
}
