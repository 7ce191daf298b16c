import { Form, Select, type SelectProps } from 'antd';

export interface FilterSelectProps extends Pick<SelectProps, 'showSearch' | 'optionFilterProp'> {
  /** The panel field (the query field, unless the page's mapFilters renames it). */
  name: string;
  label: string;
  options: SelectProps['options'];
  width: number;
  /** Defaults to `${label}筛选`; given where the label is shorter than what it filters (类型 → 仓库类型筛选). */
  ariaLabel?: string;
}

/** One select of a list's filter panel: clearable, empty reads 全部; the aria-label is what tests and screen readers find it by. */
export function FilterSelect({ name, label, options, width, ariaLabel = `${label}筛选`, ...select }: FilterSelectProps) {
  return (
    <Form.Item name={name} label={label}>
      <Select allowClear placeholder="全部" style={{ width }} aria-label={ariaLabel} options={options} {...select} />
    </Form.Item>
  );
}
