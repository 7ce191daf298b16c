import { DatePicker, type DatePickerProps } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { usePhone } from '../lib/phone';

/** Visits are booked on the five minutes: the minute column offers 12 choices, not 60. */
export const APPOINTMENT_MINUTE_STEP = 5;
export const APPOINTMENT_FORMAT = 'YYYY-MM-DD HH:mm';

export type AppointmentPickerProps = Omit<DatePickerProps, 'showTime' | 'format' | 'picker' | 'value' | 'defaultValue' | 'onChange' | 'onOk' | 'multiple'> & {
  value?: Dayjs | null;
  onChange?: (value: Dayjs | null) => void;
  /** Days before today are offered too (default: from today on; the server refuses a time already past). */
  allowPast?: boolean;
};

/**
 * The one picker for an appointment (预约时间) wherever a visit is booked: date, then hour and minute in 5-minute
 * steps. On a phone the field does not open the keyboard over the panel.
 */
export function AppointmentPicker({ allowPast = false, value, onChange, ...rest }: AppointmentPickerProps) {
  const phone = usePhone();
  return (
    <DatePicker
      style={{ width: '100%' }}
      inputReadOnly={phone}
      placeholder="请选择预约时间"
      disabledDate={allowPast ? undefined : (d) => d.isBefore(dayjs(), 'day')}
      {...rest}
      value={value ?? null}
      onChange={(v) => onChange?.(v ? v.second(0).millisecond(0) : null)}
      showTime={{ format: 'HH:mm', minuteStep: APPOINTMENT_MINUTE_STEP, hideDisabledOptions: true }}
      format={APPOINTMENT_FORMAT}
    />
  );
}

/** The picker over the API's text ('YYYY-MM-DD HH:mm:ss'), for forms whose values are strings. */
export function AppointmentText({
  value,
  onChange,
  ...rest
}: Omit<AppointmentPickerProps, 'value' | 'onChange'> & { value?: unknown; onChange: (v: string | null) => void }) {
  const d = typeof value === 'string' && value ? dayjs(value) : null;
  return <AppointmentPicker {...rest} value={d?.isValid() ? d : null} onChange={(v) => onChange(v ? v.format('YYYY-MM-DD HH:mm:ss') : null)} />;
}
