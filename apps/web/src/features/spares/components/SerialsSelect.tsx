import { Select } from 'antd';
import { useApi } from '../../../lib/query';
import { S } from '../api';

interface Props {
  value?: string[];
  onChange?: (serials: string[]) => void;
  /** The warehouse whose units are offered (none: nothing offered, serials are typed or scanned). */
  warehouseId?: number | null;
  spareId?: number | null;
  /** tags: type or scan (Enter, or paste one per line) besides picking; pick: only units in the warehouse and free. */
  mode?: 'tags' | 'pick';
  placeholder?: string;
  maxCount?: number;
  style?: React.CSSProperties;
  id?: string;
  'aria-label'?: string;
}

/** The units of the spare recorded in a warehouse (null until both are chosen). */
export function useUnits(warehouseId?: number | null, spareId?: number | null) {
  return useApi(
    S.unitOptions,
    { warehouseId: warehouseId as number, spareId: spareId as number },
    { enabled: !!warehouseId && !!spareId, call: { silent: true } },
  );
}

/** Serial numbers of one line: picked from the units in the warehouse, or typed / scanned one by one. */
export function SerialsSelect({ value, onChange, warehouseId, spareId, mode = 'tags', placeholder, maxCount, style, id, ...rest }: Props) {
  const units = useUnits(warehouseId, spareId);
  // Picking offers only units no waiting document holds; a count (tags) shows every unit recorded there.
  const offered = (units.data?.units ?? []).filter((u) => mode === 'tags' || !u.held);
  const offers = !!warehouseId && offered.length > 0;
  return (
    <Select<string[]>
      id={id}
      mode={mode === 'pick' ? 'multiple' : 'tags'}
      aria-label={rest['aria-label'] ?? '序列号'}
      open={offers ? undefined : false}
      tokenSeparators={['\n', ',', '，', ' ']}
      placeholder={placeholder ?? (mode === 'pick' ? '选择序列号' : '输入或扫描序列号，回车分隔')}
      style={{ width: '100%', ...style }}
      value={value ?? []}
      maxCount={maxCount}
      loading={units.isFetching}
      options={offered.map((u) => ({ value: u.serial, label: u.held ? `${u.serial}（待审批单据占用）` : u.serial }))}
      notFoundContent={mode === 'pick' ? '该仓库没有可选的序列号' : null}
      onChange={(v) => onChange?.([...new Set(v.map((s) => s.trim()).filter(Boolean))])}
    />
  );
}
