// The plan dialog's pickers: an installed product (with its customer) or a maintenance contract, searched by keyword.
import { contractContract } from '@sk/shared/customers/contracts.contract';
import { productContract } from '@sk/shared/customers/products.contract';
import { Select } from 'antd';
import { useState } from 'react';
import { useApi } from '../../lib/query';
import { useDebounced } from '../../lib/useDebounced';

interface Props {
  id?: string;
  value?: number | null;
  onChange?: (v: number | null) => void;
  /** The chosen record's label when editing (it may not be among the matches). */
  chosenLabel?: string | null;
}

export function ProductSelect({ id, value, onChange, chosenLabel }: Props) {
  const [typed, setTyped] = useState('');
  const keyword = useDebounced(typed);
  const found = useApi(productContract.productionList, { keyword: keyword || undefined, pageIndex: 0, pageSize: 20 }, { call: { silent: true } });
  const rows = found.data?.list ?? [];
  const opts = rows.map((p) => ({
    value: p.id,
    label: `${p.name}${p.serialNumber ? `（${p.serialNumber}）` : ''}${p.customerName ? ` · ${p.customerName}` : ''}`,
  }));
  if (value && chosenLabel && !opts.some((o) => o.value === value)) opts.unshift({ value, label: chosenLabel });
  return (
    <Select<number>
      id={id}
      aria-label="设备"
      showSearch={{ filterOption: false, onSearch: (v) => setTyped(v.trim()) }}
      allowClear
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      loading={found.isFetching}
      placeholder="输入设备名称、序列号搜索"
      options={opts}
      notFoundContent="没有找到设备"
    />
  );
}

export function ContractSelect({ id, value, onChange, chosenLabel }: Props) {
  const [typed, setTyped] = useState('');
  const keyword = useDebounced(typed);
  const found = useApi(contractContract.maintainList, { keyword: keyword || undefined, pageIndex: 0, pageSize: 20 }, { call: { silent: true } });
  const rows = (found.data?.list ?? []).filter((c) => c.status < 3);
  const opts = rows.map((c) => ({ value: c.id, label: `${c.name}（${c.contractNo}）· ${c.customerName}` }));
  if (value && chosenLabel && !opts.some((o) => o.value === value)) opts.unshift({ value, label: chosenLabel });
  return (
    <Select<number>
      id={id}
      aria-label="维保合同"
      showSearch={{ filterOption: false, onSearch: (v) => setTyped(v.trim()) }}
      allowClear
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      loading={found.isFetching}
      placeholder="输入合同名称、编号搜索"
      options={opts}
      notFoundContent="没有执行中的维保合同"
    />
  );
}
