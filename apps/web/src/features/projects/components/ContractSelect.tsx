import { projectPartsContract as PK } from '@sk/shared/projects/parts.contract';
import { Select } from 'antd';
import { useState } from 'react';
import { useApi } from '../../../lib/query';
import { useDebounced } from '../../../lib/useDebounced';

/** A contract of the project's customer, chosen by typing part of its number or name (GET /project/customerContracts). */
export function ContractSelect(p: {
  projectId: number;
  kind: 'sale' | 'maintain';
  value: number | null;
  onChange: (id: number | null) => void;
  style?: React.CSSProperties;
}) {
  const [typed, setTyped] = useState('');
  const keyword = useDebounced(typed);
  const found = useApi(PK.customerContracts, { projectId: p.projectId, kind: p.kind, keyword: keyword || undefined }, { call: { silent: true } });
  const label = p.kind === 'sale' ? '销售合同' : '维保合同';
  return (
    <Select<number>
      showSearch={{ filterOption: false, onSearch: (v) => setTyped(v.trim()) }}
      allowClear
      aria-label={label}
      placeholder={`选择客户的${label}`}
      style={{ width: 280, ...p.style }}
      popupMatchSelectWidth={false}
      value={p.value ?? undefined}
      loading={found.isFetching}
      options={(found.data ?? []).map((c) => ({ value: c.id, label: `${c.contractNo} ${c.name}`, date: c.date }))}
      optionRender={(o) => (
        <span>
          {o.label}
          <span style={{ color: 'var(--ant-color-text-tertiary, rgba(0, 0, 0, 0.56))', marginLeft: 8 }}>{o.data.date}</span>
        </span>
      )}
      onChange={(v) => p.onChange(v ?? null)}
      notFoundContent={`项目客户暂无${label}`}
    />
  );
}
