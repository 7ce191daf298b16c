import { WARRANTY_STATES } from '@sk/shared/customers/customers.constants';
import { productContract } from '@sk/shared/customers/products.contract';
import { Select } from 'antd';
import { useApi } from '../../../lib/query';

/** One of the customer's installed products, with its warranty status (在保 / 延保 / 过保). */
export function ProductSelect(p: { customerId?: number | null; value?: number | null; onChange?: (v: number | null) => void; id?: string }) {
  const list = useApi(
    productContract.productionList,
    { customerId: p.customerId ?? undefined, pageIndex: 0, pageSize: 100 },
    { enabled: !!p.customerId, call: { silent: true } },
  );
  return (
    <Select<number>
      id={p.id}
      allowClear
      disabled={!p.customerId}
      placeholder={p.customerId ? '选择设备' : '请先选择客户'}
      value={p.value ?? undefined}
      onChange={(v) => p.onChange?.(v ?? null)}
      aria-label="设备"
      options={(list.data?.list ?? []).map((d) => ({
        value: d.id,
        label: `${d.name}${d.serialNumber ? ` (${d.serialNumber})` : ''} · ${(WARRANTY_STATES as Record<number, string>)[d.warrantyState] ?? '未知'}`,
      }))}
    />
  );
}
