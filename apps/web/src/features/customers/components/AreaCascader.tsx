import { Cascader } from 'antd';
import { useEffect, useState } from 'react';
import { call } from '../../../lib/api';
import { areaContract } from '../api';

interface AreaOption {
  value: string;
  label: string;
  isLeaf: boolean;
  children?: AreaOption[];
}

const toOptions = (list: { code: string; name: string; leaf: boolean }[]): AreaOption[] => list.map((a) => ({ value: a.code, label: a.name, isLeaf: a.leaf }));
const load = (parentCode?: string) => call(areaContract.list, parentCode ? { parentCode } : {}, { silent: true }).then(toOptions, () => []);

/** Fills the children of the options along `codes` (each level loaded once). */
async function expand(options: AreaOption[], codes: string[]): Promise<AreaOption[]> {
  let level = options;
  for (const code of codes.slice(0, 2)) {
    const node = level.find((o) => o.value === code);
    if (!node || node.isLeaf) break;
    node.children ??= await load(code);
    level = node.children;
  }
  return [...options];
}

export interface AreaCascaderProps {
  /** Province, city and district codes as GET /area/list answers them ('31', '3101', '310115'). */
  value?: string[];
  onChange?: (codes: string[]) => void;
  disabled?: boolean;
  id?: string;
  style?: React.CSSProperties;
}

/** Province / city / district from /area/list, loaded level by level; any level may be the last chosen. */
export function AreaCascader({ value, onChange, disabled, id, style }: AreaCascaderProps) {
  const [options, setOptions] = useState<AreaOption[]>([]);
  const key = (value ?? []).join(',');

  useEffect(() => {
    let live = true;
    load().then((top) => live && setOptions(top));
    return () => {
      live = false;
    };
  }, []);

  // a value set from outside (smart paste, editing) needs its levels loaded to show names
  // biome-ignore lint/correctness/useExhaustiveDependencies: react to the codes only
  useEffect(() => {
    if (!options.length || !key) return;
    let live = true;
    expand(options, key.split(',')).then((next) => live && setOptions(next));
    return () => {
      live = false;
    };
  }, [key, options.length]);

  return (
    <Cascader<AreaOption>
      id={id}
      style={{ width: '100%', ...style }}
      options={options}
      value={value?.length ? value : undefined}
      disabled={disabled}
      placeholder="省 / 市 / 区"
      changeOnSelect
      allowClear
      aria-label="省市区"
      loadData={async (path) => {
        const target = path[path.length - 1];
        if (!target || target.children) return;
        target.children = await load(target.value);
        setOptions((o) => [...o]);
      }}
      onChange={(codes) => onChange?.(((codes ?? []) as string[]).filter(Boolean))}
    />
  );
}
