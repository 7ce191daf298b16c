// 调度看板 (/schedule/board, beyond the spec): engineers as rows on a time axis for a day or a week, orders waiting
// for an engineer in a side pane; drag one onto a slot (or tap it, then tap the slot) to dispatch and book it.
// Other dispatchers' bookings arrive over the websocket ('schedule' frames) and refresh the board.
import { distanceMeters } from '@sk/shared/common/format';
import { minuteOf, minuteText } from '@sk/shared/schedule/schedule.constants';
import type { EngineerRow, TimeInterval, UnassignedRow, Visit, WorkingDay } from '@sk/shared/schedule/schedule.contract';
import { DND_ACCESSIBILITY, hopCoordinates, PriorityTag, useDndSensors } from '../../components';
import { useQueryClient } from '@tanstack/react-query';
import { teamContract } from '@sk/shared/org/team.contract';
import { App, Badge, Button, Card, Col, DatePicker, Empty, Input, Pagination, Row, Segmented, Select, Space, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import {
  DndContext,
  type DragEndEvent,
  DragOverlay,
  pointerWithin,
  rectIntersection,
  type CollisionDetection,
  useDraggable,
  useDroppable,
} from '@dnd-kit/core';
import { Fragment, type ReactNode, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { call } from '../../lib/api';
import { apiKey, useApi } from '../../lib/query';
import { dayLabel, distanceText, LIVE_READS, S, weekOf } from './api';
import { useScheduleLive } from './live';
import { DraftDialog, Pickable } from './DraftDialog';
import { useDraftLayer } from './DraftLayer';
import { LoadTag, pickOnEnter } from './parts';
import { Suggestions } from '../dispatch';
import { RouteDrawer } from './RouteDrawer';
import './schedule.css';

type Mode = 'day' | 'week';
interface Slot {
  key: string;
  label: string;
  /** 'YYYY-MM-DD HH:mm:00' the booking starts at. */
  at: string;
  /** Visits of the row that start in this slot. */
  contains: (v: Visit) => boolean;
  working: boolean;
}

/** Working time by the business calendar (工作时间与节假日): the day is a working day and the minute within its hours. */
const worksAt = (cal: Map<string, WorkingDay>, day: string, minute: number): boolean => {
  const d = cal.get(day);
  return d == null || (d.working && d.startMinute <= minute && minute < d.endMinute);
};

/** Hourly slots over the working day (day view), or each day's intervals (week view). */
function slotsOf(mode: Mode, date: string, intervals: TimeInterval[], cal: Map<string, WorkingDay>): Slot[] {
  if (intervals.length === 0) return [];
  const hours = cal.get(date);
  const starts = [...intervals.map((i) => minuteOf(i.start)), ...(hours ? [hours.startMinute] : [])];
  const ends = [...intervals.map((i) => minuteOf(i.end)), ...(hours ? [hours.endMinute] : [])];
  if (mode === 'day') {
    const first = Math.floor(Math.min(...starts) / 60);
    const last = Math.ceil(Math.max(...ends) / 60);
    return Array.from({ length: last - first }, (_, n) => {
      const m = (first + n) * 60;
      const hh = minuteText(m);
      return {
        key: `${date} ${hh}`,
        label: hh,
        at: `${date} ${hh}:00`,
        contains: (v: Visit) => v.start.slice(0, 13) === `${date} ${hh.slice(0, 2)}`,
        working: worksAt(cal, date, m) && intervals.some((i) => minuteOf(i.start) <= m && m < minuteOf(i.end)),
      };
    });
  }
  return weekOf(date).flatMap((d) =>
    intervals.map((i) => ({
      key: `${d} ${i.start}`,
      label: `${dayLabel(d)} ${i.name}${cal.get(d)?.working === false ? '（休）' : ''}`,
      at: `${d} ${i.start}:00`,
      contains: (v: Visit) => v.start.slice(0, 10) === d && v.start.slice(11, 16) >= i.start && v.start.slice(11, 16) < i.end,
      working: worksAt(cal, d, minuteOf(i.start)),
    })),
  );
}

/** Orders per page of the side pane. */
const WAIT_PAGE = 30;

/** A waiting order's card: drag it (mouse, a finger's press, or Space then the arrows) onto a slot; a click or Enter picks it. */
function OrderCard({ o, picked, onPick }: { o: UnassignedRow; picked: boolean; onPick: () => void }) {
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({
    id: `order:${o.id}`,
    data: { label: `工单「${o.title}」`, dragged: { kind: 'order', id: o.id } satisfies Dragged },
    attributes: { roleDescription: '可拖动的工单' },
  });
  return (
    <div
      ref={setNodeRef}
      {...attributes}
      {...listeners}
      role="button"
      tabIndex={0}
      aria-pressed={picked}
      data-testid={`board-order-${o.id}`}
      onClick={onPick}
      onKeyDown={pickOnEnter(listeners, onPick)}
      style={{ opacity: isDragging ? 0.4 : undefined, touchAction: 'manipulation' }}
    >
      <OrderCardBody o={o} picked={picked} />
    </div>
  );
}

function OrderCardBody({ o, picked }: { o: UnassignedRow; picked: boolean }) {
  return (
    <Card
      size="small"
      style={{ cursor: 'grab', borderColor: picked ? 'var(--ant-color-primary, #1668dc)' : undefined, background: picked ? '#e6f4ff' : undefined }}
    >
      <Space direction="vertical" size={0} style={{ width: '100%' }}>
        <Space size={4}>
          <PriorityTag value={o.priority} />
          <Typography.Text strong ellipsis style={{ maxWidth: 160 }}>
            {o.title}
          </Typography.Text>
        </Space>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {o.orderNo}
        </Typography.Text>
        {o.address && (
          <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
            {o.address}
          </Typography.Text>
        )}
      </Space>
    </Card>
  );
}

/** Visits still before service (待接单, 待服务) may be dragged to another hour or engineer. */
const MOVABLE = [2, 3];

/** What a drag carries (its data.dragged): a waiting order, a booked visit or a draft's proposal (DraftLayer). */
export type Dragged = { kind: 'order' | 'visit' | 'proposal'; id: number };
/** What a slot is as a drop target (its data). */
interface SlotTarget {
  label: string;
  row: EngineerRow;
  at: string;
}

/** The slot under the pointer; for the keyboard (no pointer), the slot the dragged card overlaps most. */
const slotUnder: CollisionDetection = (args) => (args.pointerCoordinates ? pointerWithin(args) : rectIntersection(args));

/** A booked visit still movable: drag it to another hour or engineer. */
function VisitChip({ v }: { v: Visit }) {
  const movable = MOVABLE.includes(v.state);
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({
    id: `visit:${v.orderId}`,
    disabled: !movable,
    data: { label: `已约工单「${v.title}」`, dragged: { kind: 'visit', id: v.orderId } satisfies Dragged },
    attributes: { roleDescription: '可拖动改约的工单' },
  });
  return (
    <Link
      ref={setNodeRef}
      {...(movable ? attributes : {})}
      {...(movable ? listeners : {})}
      role="link"
      to={`/allOrder/orderDetail/${v.orderId}`}
      onClick={(e) => e.stopPropagation()}
      className="sk-board-visit"
      data-testid={`board-visit-${v.orderId}`}
      style={{ opacity: isDragging ? 0.4 : undefined }}
    >
      <div
        style={{
          background: '#e6f4ff',
          border: '1px solid #91caff',
          borderRadius: 4,
          padding: '0 4px',
          fontSize: 12,
          marginBottom: 2,
          color: '#0958d9',
          cursor: movable ? 'grab' : undefined,
        }}
        title={`${v.start.slice(11, 16)}–${v.end.slice(11, 16)} ${v.title}${movable ? '（可拖动改约）' : ''}`}
      >
        {v.start.slice(11, 16)} {v.title}
      </div>
    </Link>
  );
}

/**
 * A drop carries an order or a visit; a click books the tapped order. The cell is the drop target; inside it a button
 * the size of the cell, named by engineer and time, books the picked order from the keyboard or a screen reader (the
 * visits' links sit above it, so the cell is not one control holding others).
 */
function SlotCell({ slot, row, onPick, extra }: { slot: Slot; row: EngineerRow; onPick: (at: string) => void; extra?: ReactNode }) {
  const visits = row.days.flatMap((d) => d.visits).filter(slot.contains);
  const past = dayjs(slot.at).isBefore(dayjs(), 'minute');
  const name = `${row.name} ${slot.at.slice(5, 16)}${past ? '（已过）' : slot.working ? '' : '（非工作时间）'}${visits.length ? `，已约 ${visits.length} 单` : ''}`;
  const { setNodeRef, isOver } = useDroppable({ id: `slot:${row.userId}:${slot.at}`, data: { label: name, row, at: slot.at } satisfies SlotTarget });
  return (
    <div
      ref={setNodeRef}
      className="sk-board-slot"
      data-testid={`slot-${row.userId}-${slot.key}`}
      data-working={slot.working ? '1' : '0'}
      data-past={past ? '1' : '0'}
      data-over={isOver ? '1' : undefined}
      onClick={() => onPick(slot.at)}
      style={{
        minHeight: 56,
        padding: 2,
        borderLeft: '1px solid #f0f0f0',
        background: isOver ? '#bae0ff' : past ? '#f5f5f5' : slot.working ? '#fff' : '#fafafa',
      }}
    >
      {/* A click on it reaches the cell's own onClick (one booking per click). */}
      <button type="button" className="sk-board-slot-btn" aria-label={name} title={name} />
      {visits.map((v) => (
        <VisitChip key={v.orderId} v={v} />
      ))}
      {extra}
    </div>
  );
}

export default function DispatchBoard() {
  const [mode, setMode] = useState<Mode>('day');
  const [date, setDate] = useState<Dayjs>(dayjs());
  const [picked, setPicked] = useState<number | null>(null);
  const [routeOf, setRouteOf] = useState<EngineerRow | null>(null);
  // 智能排班: the orders ticked in the side pane, the dialog, and the draft named by ?draft=ID (DraftLayer).
  const [chosen, setChosen] = useState<number[]>([]);
  const [drafting, setDrafting] = useState(false);
  const draft = useDraftLayer((d) => {
    setMode('day');
    setDate(dayjs(d));
  });
  const day = date.format('YYYY-MM-DD');
  const span = mode === 'day' ? { startDate: day, endDate: day } : { startDate: weekOf(day)[0] as string, endDate: weekOf(day)[6] as string };
  // Engineers a page at a time (by team and keyword), so the board stays usable with 1000 of them.
  const [who, setWho] = useState<{ serviceGroupId?: number; keyword?: string }>({});
  const [rows, setRows] = useState({ page: 1, size: 20 });
  const table = useApi(S.dispatchList, { ...span, ...who, pageIndex: rows.page - 1, pageSize: rows.size });
  const engineers = useApi(S.dispatchCount, { ...span, ...who });
  const groups = useApi(teamContract.groupList, { pageSize: 1000 });
  const intervals = useApi(S.intervals);
  // The waiting orders a page at a time, by number or title.
  const [find, setFind] = useState<string | undefined>();
  const [waitPage, setWaitPage] = useState(1);
  const waiting = useApi(S.unassigned, { keyword: find, pageIndex: waitPage - 1, pageSize: WAIT_PAGE });
  const waitingCount = useApi(S.unassignedCount, { keyword: find });
  const filterBy = (next: typeof who) => {
    setWho({ ...who, ...next });
    setRows({ ...rows, page: 1 });
  };
  const live = useScheduleLive('all');
  const qc = useQueryClient();
  const { message, modal } = App.useApp();
  const calendar = useApi(S.workingDays, span);
  const cal = useMemo(() => new Map((calendar.data ?? []).map((d) => [d.date, d])), [calendar.data]);
  const slots = useMemo(() => slotsOf(mode, day, intervals.data ?? [], cal), [mode, day, intervals.data, cal]);
  const pickedOrder = waiting.data?.find((x) => x.id === picked);
  const refresh = async () => {
    for (const r of LIVE_READS) await qc.invalidateQueries({ queryKey: apiKey(r) });
  };

  /** Books, asking first when the time is already past (the server refuses it unless confirmed). */
  const bookAt = async (body: { orderId: number; version?: number; serviceUserId: number; bespokeTime: string }, toast?: (done: () => void) => void) => {
    const past = dayjs(body.bespokeTime).isBefore(dayjs(), 'minute');
    const go = async () => {
      try {
        await call(S.book, { ...body, confirmPast: past || undefined }, { successToast: !toast });
        await refresh();
        toast?.(() => undefined);
      } catch {
        await refresh();
      }
    };
    if (!past) return go();
    modal.confirm({
      title: '该时段已过去',
      content: `预约时间 ${body.bespokeTime.slice(0, 16)} 早于当前时间，确定仍要预约吗？`,
      okText: '确定预约',
      cancelText: '取消',
      onOk: go,
    });
  };

  const visitOf = (id: number): { visit: Visit; userId: number } | undefined => {
    for (const r of table.data ?? []) for (const d of r.days) for (const v of d.visits) if (v.orderId === id) return { visit: v, userId: r.userId };
    return undefined;
  };

  const drop = (row: EngineerRow, at: string, dragged: Dragged | undefined) => {
    if (draft.drop(row.userId, at, dragged)) return;
    if (dragged?.kind === 'visit') {
      const found = visitOf(dragged.id);
      if (!found || !MOVABLE.includes(found.visit.state)) return;
      const { visit, userId } = found;
      if (userId === row.userId && visit.start === at) return;
      const back = { orderId: visit.orderId, serviceUserId: userId, bespokeTime: visit.start };
      const name = row.name;
      void bookAt({ orderId: visit.orderId, version: visit.version, serviceUserId: row.userId, bespokeTime: at }, () => {
        const key = `moved-${visit.orderId}`;
        message.success({
          key,
          duration: 8,
          content: (
            <span data-testid="reschedule-message">
              已改约：{visit.title} → {name} {at.slice(5, 16)}
              <Button
                type="link"
                size="small"
                onClick={() => {
                  message.destroy(key);
                  void call(S.book, { ...back, confirmPast: dayjs(back.bespokeTime).isBefore(dayjs(), 'minute') || undefined }, { successToast: false })
                    .then(() => message.success('已撤销改约'))
                    .finally(refresh);
                }}
              >
                撤销
              </Button>
            </span>
          ),
        });
      });
      return;
    }
    const orderId = dragged?.kind === 'order' ? dragged.id : picked;
    const o = waiting.data?.find((x) => x.id === orderId);
    if (!o) return;
    setPicked(null);
    void bookAt({ orderId: o.id, version: o.version, serviceUserId: row.userId, bespokeTime: at });
  };
  const sensors = useDndSensors(hopCoordinates);
  const [lifted, setLifted] = useState<UnassignedRow | null>(null);
  const dropped = ({ active, over }: DragEndEvent) => {
    setLifted(null);
    const dragged = active.data.current?.dragged as Dragged | undefined;
    const target = over?.data.current as SlotTarget | undefined;
    if (dragged && target) drop(target.row, target.at, dragged);
  };
  const grid = { display: 'grid', gridTemplateColumns: `150px repeat(${slots.length}, minmax(${mode === 'day' ? 72 : 110}px, 1fr))` };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={slotUnder}
      accessibility={DND_ACCESSIBILITY}
      onDragStart={({ active }) => {
        const d = active.data.current?.dragged as Dragged | undefined;
        setLifted(d?.kind === 'order' ? (waiting.data?.find((x) => x.id === d.id) ?? null) : null);
      }}
      onDragCancel={() => setLifted(null)}
      onDragEnd={dropped}
    >
      <Row gutter={[12, 12]}>
        <Col xs={24} lg={18}>
          <Card
            size="small"
            title="调度看板"
            extra={
              <Space wrap>
                <Badge status={live === 'open' ? 'success' : 'default'} text={live === 'open' ? '实时更新' : '连接中'} />
                <Segmented<Mode>
                  value={mode}
                  onChange={setMode}
                  options={[
                    { label: '日', value: 'day' },
                    { label: '周', value: 'week' },
                  ]}
                />
                <DatePicker value={date} onChange={(v) => v && setDate(v)} allowClear={false} picker={mode === 'week' ? 'week' : 'date'} aria-label="日期" />
                <Button onClick={() => setDrafting(true)}>智能排班</Button>
                <Link to="/schedule/list">排班表</Link>
              </Space>
            }
          >
            <Space wrap style={{ marginBottom: 8 }}>
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                placeholder="全部服务团队"
                style={{ minWidth: 180 }}
                aria-label="服务团队筛选"
                value={who.serviceGroupId}
                onChange={(v?: number) => filterBy({ serviceGroupId: v })}
                options={(groups.data?.list ?? []).map((g) => ({ value: g.id, label: g.name }))}
              />
              <Input.Search
                allowClear
                placeholder="服务人员姓名或手机号"
                aria-label="搜索服务人员"
                style={{ width: 220 }}
                onSearch={(v) => filterBy({ keyword: v.trim() || undefined })}
              />
            </Space>
            {picked != null && <Typography.Paragraph type="warning">已选择工单，点击服务人员的时段即可派单并预约。</Typography.Paragraph>}
            {mode === 'day' && cal.get(day)?.working === false && (
              <Typography.Paragraph type="secondary">该日为休息日（按「工作时间与节假日」），时段以灰色显示。</Typography.Paragraph>
            )}
            {draft.bar}
            <div style={{ overflowX: 'auto' }}>
              <div style={{ ...grid, minWidth: 150 + slots.length * (mode === 'day' ? 72 : 110) }}>
                <div style={{ fontWeight: 600, padding: 4, position: 'sticky', left: 0, background: '#fff', zIndex: 1 }}>服务人员</div>
                {slots.map((s) => (
                  <div
                    key={s.key}
                    style={{ fontSize: 12, padding: 4, color: 'var(--ant-color-text-tertiary, rgba(0, 0, 0, 0.56))', borderLeft: '1px solid #f0f0f0' }}
                  >
                    {s.label}
                  </div>
                ))}
                {(table.data ?? []).map((r) => (
                  <div key={r.userId} style={{ display: 'contents' }} data-testid={`board-row-${r.userId}`}>
                    <div style={{ padding: 4, borderTop: '1px solid #f0f0f0', position: 'sticky', left: 0, background: '#fff', zIndex: 1 }}>
                      <div>{r.name}</div>
                      <LoadTag load={r.load} />
                      {r.skills.length > 0 && (
                        <div data-testid="engineer-skills">
                          {r.skills.map((x) => (
                            <Tag key={x} style={{ fontSize: 11, marginInlineEnd: 2, padding: '0 4px' }}>
                              {x}
                            </Tag>
                          ))}
                        </div>
                      )}
                      {pickedOrder?.latitude != null && pickedOrder.longitude != null && r.latitude != null && r.longitude != null && (
                        <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }} data-testid="engineer-distance">
                          距工单 {distanceText(Math.round(distanceMeters(r.latitude, r.longitude, pickedOrder.latitude, pickedOrder.longitude)))}
                        </Typography.Text>
                      )}
                      {mode === 'day' && (
                        <Button size="small" type="link" style={{ padding: 0 }} onClick={() => setRouteOf(r)}>
                          路线
                        </Button>
                      )}
                    </div>
                    {slots.map((s) => (
                      <div key={s.key} style={{ borderTop: '1px solid #f0f0f0' }}>
                        <SlotCell slot={s} row={r} onPick={(at) => drop(r, at, undefined)} extra={mode === 'day' ? draft.blocks(r.userId, s.at) : null} />
                      </div>
                    ))}
                  </div>
                ))}
              </div>
              {table.data?.length === 0 && <Empty description="暂无服务人员" />}
            </div>
            <Pagination
              size="small"
              style={{ marginTop: 8, justifyContent: 'flex-end' }}
              current={rows.page}
              pageSize={rows.size}
              total={engineers.data ?? 0}
              showSizeChanger
              pageSizeOptions={[10, 20, 50, 100]}
              showTotal={(n) => `共 ${n} 名服务人员`}
              onChange={(page, size) => setRows({ page: size === rows.size ? page : 1, size })}
            />
          </Card>
        </Col>
        <Col xs={24} lg={6}>
          <Card size="small" title={`待派单工单（${waitingCount.data ?? 0}）`} styles={{ body: { maxHeight: 720, overflowY: 'auto' } }}>
            <BoardDropHint />
            <Input.Search
              allowClear
              size="small"
              placeholder="工单编号或标题"
              aria-label="搜索待派单工单"
              style={{ marginBottom: 8 }}
              onSearch={(v) => {
                setFind(v.trim() || undefined);
                setWaitPage(1);
              }}
            />
            <Space direction="vertical" style={{ width: '100%' }} data-testid="board-waiting">
              {(waiting.data ?? []).map((o) => (
                <Fragment key={o.id}>
                  <Pickable id={o.id} title={o.title} chosen={chosen} onChange={setChosen}>
                    <OrderCard o={o} picked={picked === o.id} onPick={() => setPicked(picked === o.id ? null : o.id)} />
                  </Pickable>
                  {picked === o.id && mode === 'day' && (
                    // Under the card, so its late answer never moves the grid under a drag; a past day: its next day with room.
                    <Suggestions
                      key={`${o.id}-${day}`}
                      orderId={o.id}
                      date={day >= dayjs().format('YYYY-MM-DD') ? day : undefined}
                      onBooked={() => setPicked(null)}
                    />
                  )}
                </Fragment>
              ))}
              {waiting.data?.length === 0 && <Empty description="没有待派单的工单" />}
            </Space>
            {(waitingCount.data ?? 0) > WAIT_PAGE && (
              <Pagination
                simple
                size="small"
                style={{ marginTop: 8 }}
                current={waitPage}
                pageSize={WAIT_PAGE}
                total={waitingCount.data ?? 0}
                onChange={setWaitPage}
              />
            )}
          </Card>
        </Col>
        <RouteDrawer engineer={routeOf} date={day} onClose={() => setRouteOf(null)} />
        <DraftDialog
          open={drafting}
          onClose={() => setDrafting(false)}
          day={day}
          chosen={chosen}
          engineers={table.data ?? []}
          onMade={(d) => {
            setChosen([]);
            draft.open(d);
          }}
        />
      </Row>
      <DragOverlay dropAnimation={null}>
        {lifted ? (
          <div style={{ width: 240 }}>
            <OrderCardBody o={lifted} picked />
          </div>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}

function BoardDropHint() {
  return (
    <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
      拖动工单到服务人员的时段上派单并预约；拖动已预约的工单可改约或改派；手机上先点工单，再点时段。
    </Typography.Paragraph>
  );
}
