// The enterprise's business hours, holidays and make-up working days (business-time clocks count only these).
import { type SlaCalendarInput, slaContract as C } from '@sk/shared/sla/sla.contract';
import { Checkbox, Form, Select, TimePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { RecordFormDialog } from '../../../components';
import { useApi, useApiMutation } from '../../../lib/query';
import { rulesOf } from '../../../lib/zodRules';

const WEEKDAYS = ['周一', '周二', '周三', '周四', '周五', '周六', '周日'].map((label, i) => ({ label, value: i + 1 }));
const toTime = (minute: number) => dayjs().startOf('day').add(minute, 'minute');
const toMinute = (t: Dayjs | null) => (t ? t.hour() * 60 + t.minute() : 0);

interface Values {
  weekdays: number[];
  hours: [Dayjs, Dayjs];
  holidays: string[];
  workdays: string[];
}

/** The calendar as saveCalendar checks it: the days' rules are the contract's. */
const CAL = C.saveCalendar.body.shape;

export function CalendarDialog({ onClose }: { onClose: () => void }) {
  const q = useApi(C.calendar, undefined, { staleTime: 0 });
  const save = useApiMutation(C.saveCalendar, { invalidates: [C.calendar] });
  const c = q.data;
  const submit = async (v: Values) => {
    const body: SlaCalendarInput = {
      weekdays: v.weekdays,
      startMinute: toMinute(v.hours[0]),
      endMinute: toMinute(v.hours[1]) || 1440,
      holidays: v.holidays,
      workdays: v.workdays,
    };
    await save.mutateAsync(body);
  };
  return (
    <RecordFormDialog<Values>
      open
      title="工作时间与节假日"
      name="skCalendarForm"
      loading={!c}
      initialValues={c ? { weekdays: c.weekdays, hours: [toTime(c.startMinute), toTime(c.endMinute)], holidays: c.holidays, workdays: c.workdays } : {}}
      onSubmit={submit}
      onClose={onClose}
    >
      <Form.Item
        name="weekdays"
        label="工作日"
        // why: the page asks for a weekday; the contract's check (a weekday or a make-up working day) spans two fields
        rules={[{ required: true, message: '请至少选择一个工作日' }]}
      >
        <Checkbox.Group options={WEEKDAYS} />
      </Form.Item>
      <Form.Item
        name="hours"
        label="工作时间"
        // why: a picked range of times (dayjs) in the form, the contract's startMinute and endMinute on save
        rules={[{ required: true, message: '请选择工作时间' }]}
      >
        <TimePicker.RangePicker format="HH:mm" minuteStep={5} />
      </Form.Item>
      <Form.Item name="holidays" label="节假日（不计时）" extra="输入日期如 2026-10-01 后回车" rules={rulesOf(CAL.holidays)}>
        <Select mode="tags" tokenSeparators={[',', '，', ' ']} placeholder="2026-10-01" />
      </Form.Item>
      <Form.Item name="workdays" label="调休工作日（计时）" rules={rulesOf(CAL.workdays)}>
        <Select mode="tags" tokenSeparators={[',', '，', ' ']} placeholder="2026-10-11" />
      </Form.Item>
    </RecordFormDialog>
  );
}
