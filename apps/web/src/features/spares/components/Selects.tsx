import { Select } from 'antd';
import { useState } from 'react';
import { useApi } from '../../../lib/query';
import { productContract } from '@sk/shared/customers/products.contract';
import { orgContract } from '@sk/shared/org/org.contract';
import { S } from '../api';

interface Props {
  value?: number | null;
  onChange?: (id: number | null) => void;
  placeholder?: string;
  style?: React.CSSProperties;
  id?: string;
  'aria-label'?: string;
}

/** A spare chosen by typing its code or name. */
export function SpareSelect({ value, onChange, placeholder = '输入备件编号或名称', style, id, ...rest }: Props) {
  const [keyword, setKeyword] = useState('');
  const found = useApi(S.spareOptions, { keyword: keyword || undefined }, { call: { silent: true } });
  return (
    <Select<number>
      id={id}
      aria-label={rest['aria-label'] ?? '备件'}
      showSearch={{ filterOption: false, onSearch: (v) => setKeyword(v.trim()) }}
      allowClear
      placeholder={placeholder}
      style={{ width: '100%', ...style }}
      value={value ?? undefined}
      loading={found.isFetching}
      options={(found.data ?? []).map((s) => ({ value: s.id, label: `${s.code} ${s.name}${s.model ? `（${s.model}）` : ''}` }))}
      onChange={(v) => onChange?.(v ?? null)}
    />
  );
}

/** A warehouse chosen by name. */
export function WarehouseSelect({ value, onChange, placeholder = '选择仓库', style, id, ...rest }: Props) {
  const [keyword, setKeyword] = useState('');
  const found = useApi(S.warehouseOptions, { keyword: keyword || undefined }, { call: { silent: true } });
  return (
    <Select<number>
      id={id}
      aria-label={rest['aria-label'] ?? '仓库'}
      showSearch={{ filterOption: false, onSearch: (v) => setKeyword(v.trim()) }}
      allowClear
      placeholder={placeholder}
      style={{ width: '100%', ...style }}
      value={value ?? undefined}
      options={(found.data ?? []).map((w) => ({ value: w.id, label: w.name }))}
      onChange={(v) => onChange?.(v ?? null)}
    />
  );
}

/** The catalogue's product models a spare fits, chosen by name, brand or model (several). */
export function ModelsSelect({ value = [], onChange, id }: { value?: number[]; onChange?: (ids: number[]) => void; id?: string }) {
  const [keyword, setKeyword] = useState('');
  const found = useApi(productContract.productSimpleList, { keyword: keyword || undefined }, { call: { silent: true } });
  const chosen = useApi(productContract.productSimpleList, { ids: value }, { enabled: value.length > 0, call: { silent: true } });
  const rows = [...(chosen.data ?? []), ...(found.data ?? [])];
  const options = [...new Map(rows.map((m) => [m.id, { value: m.id, label: [m.name, m.model].filter(Boolean).join(' ') }])).values()];
  return (
    <Select<number[]>
      id={id}
      mode="multiple"
      aria-label="适用产品"
      showSearch={{ filterOption: false, onSearch: (v) => setKeyword(v.trim()) }}
      allowClear
      placeholder="输入产品名称、品牌或型号搜索"
      style={{ width: '100%' }}
      value={value}
      options={options}
      onChange={(v) => onChange?.(v)}
      notFoundContent="产品库中没有匹配的产品"
    />
  );
}

/** A service person (role 2) chosen by name or phone: who receives a handover. */
export function EngineerSelect({ value, onChange, placeholder = '输入姓名或手机号', style, id, ...rest }: Props) {
  const [keyword, setKeyword] = useState('');
  const found = useApi(orgContract.getUserWithRole, { role: 2, keyword: keyword || undefined }, { call: { silent: true } });
  return (
    <Select<number>
      id={id}
      aria-label={rest['aria-label'] ?? '工程师'}
      showSearch={{ filterOption: false, onSearch: (v) => setKeyword(v.trim()) }}
      allowClear
      placeholder={placeholder}
      style={{ width: '100%', ...style }}
      value={value ?? undefined}
      loading={found.isFetching}
      options={(found.data ?? []).map((u) => ({ value: u.id, label: `${u.name} ${u.mobile}` }))}
      onChange={(v) => onChange?.(v ?? null)}
    />
  );
}
