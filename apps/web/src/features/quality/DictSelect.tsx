import { dictContract } from '@sk/shared/settings/dict.contract';
import { Select } from 'antd';
import { useApi } from '../../lib/query';

/** An item of one dictionary (by code), by name. */
export function DictSelect({
  code,
  value,
  onChange,
  id,
  placeholder,
}: {
  code: string;
  value?: string | null;
  onChange?: (v: string | null) => void;
  id?: string;
  placeholder?: string;
}) {
  const items = useApi(dictContract.codeContent, { code });
  return (
    <Select<string>
      id={id}
      allowClear
      placeholder={placeholder ?? '请选择'}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      options={(items.data ?? []).map((i) => ({ value: i.name, label: i.name }))}
      style={{ minWidth: 160 }}
    />
  );
}
