import { Select } from 'antd';
import { useState } from 'react';
import { useApi } from '../../../lib/query';
import { customerContract } from '../api';
import { useDebounced } from '../../../lib/useDebounced';

export interface CustomerSelectProps {
  value?: number | null;
  onChange?: (id: number | null, name: string | null) => void;
  disabled?: boolean;
  placeholder?: string;
  style?: React.CSSProperties;
  id?: string;
  /** The call that finds customers (same query and answer as getCustomerList); the create-order page passes its own. */
  source?: Omit<typeof customerContract.getCustomerList, 'path' | 'power'> & { path: string; power: string };
}

/** A customer chosen by typing part of its name, contact or phone (GET /v2/customer/getCustomerList). */
export function CustomerSelect({
  value,
  onChange,
  disabled,
  placeholder = '输入客户名称、联系人或电话搜索',
  style,
  id,
  source = customerContract.getCustomerList,
}: CustomerSelectProps) {
  const [typed, setKeyword] = useState('');
  const keyword = useDebounced(typed);
  const found = useApi(source, { keyword: keyword || undefined }, { call: { silent: true } });
  // the chosen customer may not be among the matches: ask for it by id
  const chosen = useApi(source, { ids: value ? [value] : [] }, { enabled: !!value, call: { silent: true } });
  const rows = [...(chosen.data ?? []), ...(found.data ?? [])];
  const options = [...new Map(rows.map((c) => [c.id, { value: c.id, label: c.name, hint: [c.linkperson, c.phone].filter(Boolean).join(' ') }])).values()];
  return (
    <Select<number>
      id={id}
      showSearch={{ filterOption: false, onSearch: (v) => setKeyword(v.trim()) }}
      allowClear
      disabled={disabled}
      placeholder={placeholder}
      style={{ width: '100%', ...style }}
      value={value ?? undefined}
      loading={found.isFetching}
      options={options}
      optionRender={(o) => (
        <span>
          {o.label}
          {o.data.hint ? <span style={{ color: 'var(--ant-color-text-tertiary, rgba(0, 0, 0, 0.56))', marginLeft: 8 }}>{o.data.hint}</span> : null}
        </span>
      )}
      onChange={(v) => onChange?.(v ?? null, options.find((o) => o.value === v)?.label ?? null)}
      aria-label="客户"
      // A refused search (no power, a failure) says so in the dropdown instead of looking like an empty result.
      status={found.isError ? 'error' : undefined}
      notFoundContent={found.isError ? `无法查询客户：${found.error.message}` : '暂无匹配的客户'}
    />
  );
}
