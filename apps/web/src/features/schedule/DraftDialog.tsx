// 智能排班: which day, which orders (未派单的工单 / 工单池 / the orders ticked in the board's side pane) and, if wanted,
// which engineers (the board's by default); 生成草稿 asks the planner for a draft (nothing is booked).
import { DRAFT_SOURCES } from '@sk/shared/planning/planning.constants';
import { type Draft, planningContract as P } from '@sk/shared/planning/planning.contract';
import { Checkbox, DatePicker, Form, Radio, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import { RecordFormDialog } from '../../components';
import { call } from '../../lib/api';

interface Values {
  date: Dayjs;
  source: 1 | 2 | 3;
  userIds: number[];
}

export interface DraftDialogProps {
  open: boolean;
  onClose: () => void;
  /** The board's day ('YYYY-MM-DD'). */
  day: string;
  /** The orders ticked in the side pane. */
  chosen: number[];
  /** The board's engineers (its page). */
  engineers: { userId: number; name: string }[];
  onMade: (d: Draft) => void;
}

export function DraftDialog({ open, onClose, day, chosen, engineers, onMade }: DraftDialogProps) {
  const submit = async (v: Values) => {
    const d = await call(
      P.createDraft,
      {
        date: v.date.format('YYYY-MM-DD'),
        source: v.source,
        ...(v.source === DRAFT_SOURCES.selection ? { orderIds: chosen } : {}),
        ...(v.userIds?.length ? { userIds: v.userIds } : {}),
      },
      { successToast: true },
    );
    onMade(d);
  };
  return (
    <RecordFormDialog<Values>
      open={open}
      title="智能排班"
      okText="生成草稿"
      name="draft"
      destroyOnHidden
      onClose={onClose}
      onSubmit={submit}
      initialValues={{
        date: dayjs(day),
        source: chosen.length ? DRAFT_SOURCES.selection : DRAFT_SOURCES.unassigned,
        userIds: engineers.map((e) => e.userId),
      }}
    >
      {/* A picker's value (a Dayjs): the contract checks the date text it becomes. */}
      <Form.Item name="date" label="日期" rules={[{ required: true, message: '请选择日期' }]}>
        <DatePicker allowClear={false} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="source" label="工单">
        <Radio.Group>
          <Radio value={DRAFT_SOURCES.unassigned}>未派单的工单</Radio>
          <Radio value={DRAFT_SOURCES.pool}>工单池</Radio>
          <Radio value={DRAFT_SOURCES.selection} disabled={!chosen.length}>
            所选工单（{chosen.length}）
          </Radio>
        </Radio.Group>
      </Form.Item>
      <Form.Item name="userIds" label="服务人员" extra="默认为看板上的服务人员；清空则为全部服务人员（须设置基地或共享位置）">
        <Select
          mode="multiple"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder="全部服务人员"
          aria-label="排班的服务人员"
          maxTagCount="responsive"
          options={engineers.map((e) => ({ value: e.userId, label: e.name }))}
        />
      </Form.Item>
    </RecordFormDialog>
  );
}

/** The side pane's tick box beside a waiting order's card (the card itself is the drag handle and a button). */
export function Pickable({
  id,
  title,
  chosen,
  onChange,
  children,
}: {
  id: number;
  title: string;
  chosen: number[];
  onChange: (ids: number[]) => void;
  children: ReactNode;
}) {
  const on = chosen.includes(id);
  return (
    <div style={{ display: 'flex', gap: 6, alignItems: 'flex-start' }}>
      <Checkbox
        checked={on}
        aria-label={`选择工单 ${title}`}
        data-testid={`board-pick-${id}`}
        className="sk-pick-box"
        onChange={(e) => onChange(e.target.checked ? [...chosen, id] : chosen.filter((x) => x !== id))}
      />
      <div style={{ flex: 1, minWidth: 0 }}>{children}</div>
    </div>
  );
}
