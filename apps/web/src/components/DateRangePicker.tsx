import { DISPLAY_DATE } from '@sk/shared';
import { DatePicker } from 'antd';
import type { Dayjs } from 'dayjs';
import type { CSSProperties } from 'react';
import { type DashRange, dateShortcuts, fromDashRange, toDashRange } from '../lib/dateRange';

export interface DateRangePickerProps {
  /** The range in the API's dash format, or null/undefined when empty. */
  value?: DashRange | null;
  onChange?: (value: DashRange | null) => void;
  /** Pick times too; otherwise whole days (the end becomes 23:59:59). */
  showTime?: boolean;
  placeholder?: [string, string];
  allowClear?: boolean;
  style?: CSSProperties;
}

// Each shortcut is computed when clicked, so a page left open overnight still means "today".
const presets = dateShortcuts().map((s, i) => ({ label: s.label, value: () => dateShortcuts()[i]!.value }));

/**
 * Date-range picker: shows YYYY/MM/DD, answers dash-format strings, moves an end at 00:00 to 23:59:59,
 * and offers the shortcuts 今天, 昨天, 本周, 本月, 上月, 今年. Fits antd Form items (value/onChange).
 */
export function DateRangePicker({ value, onChange, showTime = false, placeholder = ['开始日期', '结束日期'], allowClear = true, style }: DateRangePickerProps) {
  const picked = fromDashRange(value);
  return (
    <DatePicker.RangePicker
      style={style}
      value={picked}
      format={showTime ? `${DISPLAY_DATE} HH:mm:ss` : DISPLAY_DATE}
      showTime={showTime}
      presets={presets}
      placeholder={placeholder}
      allowClear={allowClear}
      onChange={(v: [Dayjs | null, Dayjs | null] | null) => {
        const [s, e] = v ?? [];
        onChange?.(s && e ? toDashRange(s, e, !showTime) : null);
      }}
    />
  );
}
