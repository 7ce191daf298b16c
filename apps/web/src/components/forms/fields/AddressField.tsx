import { areaContract } from '@sk/shared/settings/dict.contract';
import { Cascader, Input, Space } from 'antd';
import { useEffect, useState } from 'react';
import { call } from '../../../lib/api';

interface AreaOption {
  value: string;
  label: string;
  isLeaf: boolean;
  children?: AreaOption[];
}

const toOptions = (list: { code: string; name: string; leaf: boolean }[]): AreaOption[] => list.map((a) => ({ value: a.code, label: a.name, isLeaf: a.leaf }));

export interface AddressFieldProps {
  value: unknown;
  onChange: (v: string | null) => void;
  disabled?: boolean;
  placeholder?: string;
  id?: string;
}

/**
 * An address (9): province, city and district from /area/list, then the street detail. The value is the text
 * 'province city district detail' (what the server stores); an existing value shows in the detail box.
 */
export function AddressField({ value, onChange, disabled, placeholder, id }: AddressFieldProps) {
  const [options, setOptions] = useState<AreaOption[]>([]);
  const [area, setArea] = useState<string[]>([]);
  const [detail, setDetail] = useState(typeof value === 'string' ? value : '');
  useEffect(() => setDetail((d) => (area.length ? d : typeof value === 'string' ? value : '')), [value, area.length]);

  useEffect(() => {
    if (disabled) return;
    call(areaContract.list, {}, { silent: true }).then(
      (list) => setOptions(toOptions(list)),
      () => setOptions([]),
    );
  }, [disabled]);

  const emit = (names: string[], text: string) => {
    const s = [...names, text.trim()].filter(Boolean).join(' ');
    onChange(s || null);
  };

  return (
    <Space.Compact style={{ width: '100%' }}>
      <Cascader<AreaOption>
        style={{ width: '45%' }}
        options={options}
        disabled={disabled}
        placeholder="省/市/区"
        changeOnSelect
        aria-label="省市区"
        loadData={async (path) => {
          const target = path[path.length - 1];
          if (!target) return;
          const children = await call(areaContract.list, { parentCode: target.value }, { silent: true }).catch(() => []);
          target.children = toOptions(children);
          setOptions((o) => [...o]);
        }}
        onChange={(_codes, picked) => {
          const names = (picked ?? []).map((o) => o.label);
          setArea(names);
          emit(names, detail);
        }}
      />
      <Input
        id={id}
        disabled={disabled}
        placeholder={placeholder || '详细地址'}
        value={detail}
        maxLength={200}
        onChange={(e) => {
          setDetail(e.target.value);
          emit(area, e.target.value);
        }}
      />
    </Space.Compact>
  );
}
