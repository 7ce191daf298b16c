import { Card } from 'antd';
import { FilterSelect } from '../../../components';
import { useProviderOptions } from '../api';
import { UserList } from '../components/UserList';

/** Outsourced users of every service provider. */
export default function OutsourceUser() {
  const providers = useProviderOptions();
  return (
    <Card title="外包人员" size="small">
      <UserList
        title="外包人员"
        fixed={{ userType: 1 }}
        defaults={{ userType: 1 }}
        showProvider
        moreFilters={
          <FilterSelect
            name="providerId"
            label="服务商"
            width={200}
            showSearch
            optionFilterProp="label"
            options={(providers.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
          />
        }
      />
    </Card>
  );
}
