import { processContract } from '@sk/shared';
import { Card, Select, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { SaveButton } from '../../components/SaveButton';
import { useApi, useApiMutation } from '../../lib/query';

/** The columns the order lists show for this order type, in the order chosen (queryOrderListSetting / update). */
export function ListSettings({ tid }: { tid: number }) {
  const q = useApi(processContract.queryOrderListSetting, { tid });
  const save = useApiMutation(processContract.updateOrderListSetting, { invalidates: [processContract.queryOrderListSetting] });
  const [shown, setShown] = useState<string[]>([]);
  useEffect(() => {
    if (q.data) setShown(q.data.columns.filter((c) => c.visible).map((c) => c.key));
  }, [q.data]);
  if (!q.data) return <Card loading={q.isPending} />;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Typography.Text type="secondary">按选择的顺序显示{q.data.saved ? '' : '（尚未设置，显示默认列）'}</Typography.Text>
      <Select
        mode="multiple"
        aria-label="列表显示列"
        style={{ width: '100%' }}
        options={q.data.columns.map((c) => ({ value: c.key, label: c.name }))}
        value={shown}
        onChange={setShown}
      />
      <SaveButton onSave={() => save.mutateAsync({ tid, columns: shown as never })}>保存列表设置</SaveButton>
    </Space>
  );
}
