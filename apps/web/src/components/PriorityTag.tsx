import { PRIORITY_COLORS, type Priority, priorityLabel } from '@sk/shared/common/labels';
import { Tag } from 'antd';

/** An order's or event's priority as every list shows it: the shared label in the shared colour. */
export function PriorityTag({ value }: { value: number | null | undefined }) {
  return <Tag color={value == null ? undefined : PRIORITY_COLORS[value as Priority]}>{priorityLabel(value)}</Tag>;
}
