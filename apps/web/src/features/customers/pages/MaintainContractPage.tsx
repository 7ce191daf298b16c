import { RENEWAL_DAYS } from '@sk/shared/customers/contracts.contract';
import { badgeCountContract } from '@sk/shared/menu/badge.contract';
import { Alert, Button, Card } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { useApi } from '../../../lib/query';
import { MaintainContractList } from '../components/ContractLists';

/** The renewals waiting (维保合同's to-do): a line that opens the list on them; nothing when none or when already there. */
function RenewalsDue({ shown }: { shown: boolean }) {
  const navigate = useNavigate();
  const due = useApi(badgeCountContract.renewalTodoCount, {}, { call: { silent: true } }).data ?? 0;
  if (!due || shown) return null;
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 12 }}
      message={`${due} 份维保合同将在${RENEWAL_DAYS}天内到期，请及时续签`}
      action={
        <Button size="small" type="primary" onClick={() => navigate('/maintainContract?expiring=1')}>
          查看
        </Button>
      }
    />
  );
}

/** /maintainContract — every customer's maintenance contracts; ?expiring=1 opens them on those due for renewal. */
export default function MaintainContractPage() {
  const expiring = useSearchParams()[0].get('expiring') === '1';
  return (
    <Card title="维保合同" size="small">
      <RenewalsDue shown={expiring} />
      <MaintainContractList key={expiring ? 'due' : 'all'} expiring={expiring} />
    </Card>
  );
}
