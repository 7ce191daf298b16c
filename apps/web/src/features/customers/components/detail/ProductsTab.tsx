import { PlusOutlined } from '@ant-design/icons';
import type { InstalledProduct } from '@sk/shared/customers/products.contract';
import { Button } from 'antd';
import { useState } from 'react';
import { ListPage } from '../../../../components';
import { useUser } from '../../../../lib/session';
import { FreeLocked } from '../../../../shell/PageGuard';
import { isPaid } from '@sk/shared/auth/plans';
import { pagedFetcher, productContract } from '../../api';
import { InstalledFormDialog } from '../InstalledFormDialog';
import { installedColumns } from '../installedColumns';

// One fetcher for every customer (the customer goes as the list's params, so each is cached under its own key); a
// registration refreshes it through the area's staleAfter (../../api.ts).
const fetchInstalled = pagedFetcher<InstalledProduct>(productContract.productionList);

/** The customer's installed products, and 登记设备 for this customer (product management is free-locked). */
export function ProductsTab({ customerId, editable }: { customerId: number; editable: boolean }) {
  const user = useUser();
  const [creating, setCreating] = useState(false);
  if (!isPaid(user.isChargeUser)) return <FreeLocked feature="productManage" phone={user.customServicePhone} />;
  return (
    <>
      <ListPage<InstalledProduct>
        title="客户设备"
        routeKey="customerDetail:products"
        columns={installedColumns(false)}
        fetch={fetchInstalled}
        params={{ customerId }}
        selectable={false}
        keywordPlaceholder="请输入设备名称或序列号"
        toolbar={
          editable ? (
            <Button type="primary" ghost icon={<PlusOutlined />} onClick={() => setCreating(true)}>
              登记设备
            </Button>
          ) : null
        }
      />
      <InstalledFormDialog open={creating} id={null} customerId={customerId} onClose={() => setCreating(false)} />
    </>
  );
}
