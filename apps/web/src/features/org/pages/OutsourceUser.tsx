import { Card, Form, Select } from 'antd';
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
          <Form.Item name="providerId" label="服务商">
            <Select
              allowClear
              showSearch
              optionFilterProp="label"
              style={{ width: 200 }}
              placeholder="全部"
              options={(providers.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
              aria-label="服务商筛选"
            />
          </Form.Item>
        }
      />
    </Card>
  );
}
