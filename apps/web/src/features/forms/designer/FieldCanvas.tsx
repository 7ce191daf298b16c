import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, HolderOutlined } from '@ant-design/icons';
import { closestCenter, DndContext, type DragEndEvent, DragOverlay, type DragStartEvent, useDroppable } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { FIELD_TYPES, type FieldType } from '@sk/shared/forms/index';
import { Button, Empty, Space, Tag, Tooltip, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { DND_ACCESSIBILITY, useDndSensors } from '../../../components';
import type { DraftField } from './draft';
import './designer.css';

/** The drop target after the last field (the whole canvas while it is empty). */
const TAIL = 'canvas-tail';
/** A palette item's drag id: `type:<field type>`. */
export const paletteId = (t: FieldType) => `type:${t}`;
const typeOf = (id: string | number): FieldType | undefined => (String(id).startsWith('type:') ? (Number(String(id).slice(5)) as FieldType) : undefined);

/**
 * The designer's drag and drop (@dnd-kit): a palette type dropped on a field is added before it (after the last one on
 * the tail); a field dropped on another takes its place. Mouse, touch and keyboard (Space, arrows, Space).
 */
export function FieldDnd({
  fields,
  onMove,
  onAdd,
  children,
}: {
  fields: DraftField[];
  onMove: (from: number, to: number) => void;
  onAdd: (type: FieldType, at: number) => void;
  children: ReactNode;
}) {
  const sensors = useDndSensors(sortableKeyboardCoordinates);
  const [adding, setAdding] = useState<FieldType | undefined>();
  const indexOf = (id: string | number) => fields.findIndex((f) => f.uid === id);
  const end = ({ active, over }: DragEndEvent) => {
    setAdding(undefined);
    if (!over) return;
    const type = typeOf(active.id);
    const at = over.id === TAIL ? fields.length : indexOf(over.id);
    if (at < 0) return;
    if (type !== undefined) return onAdd(type, at);
    const from = indexOf(active.id);
    const to = Math.min(at, fields.length - 1);
    if (from >= 0 && from !== to) onMove(from, to);
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      accessibility={DND_ACCESSIBILITY}
      onDragStart={({ active }: DragStartEvent) => setAdding(typeOf(active.id))}
      onDragCancel={() => setAdding(undefined)}
      onDragEnd={end}
    >
      <SortableContext items={fields.map((f) => f.uid)} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
      <DragOverlay dropAnimation={null}>{adding !== undefined ? <div className="sk-palette-item is-lifted">{FIELD_TYPES[adding]}</div> : null}</DragOverlay>
    </DndContext>
  );
}

export interface FieldCanvasProps {
  fields: DraftField[];
  selected: string | null;
  problemUid?: string | null;
  onSelect: (uid: string) => void;
  onMove: (from: number, to: number) => void;
  onRemove: (uid: string) => void;
}

/** The tail (or the empty canvas): a drop there goes after the last field. */
function Tail({ empty }: { empty: boolean }) {
  const { setNodeRef, isOver, active } = useDroppable({ id: TAIL, data: { label: empty ? '空白表单' : '最后' } });
  const lit = isOver && active != null;
  if (empty) {
    return (
      <div ref={setNodeRef} className={['sk-canvas', 'sk-canvas-empty', lit ? 'drop-before' : ''].join(' ')} data-testid="field-canvas">
        <Empty description="从左侧点击或拖入字段类型" />
      </div>
    );
  }
  return (
    <div ref={setNodeRef} className={['sk-canvas-tail', lit ? 'drop-before' : ''].join(' ')} data-testid="canvas-tail">
      拖到这里放在最后
    </div>
  );
}

interface CanvasFieldProps {
  f: DraftField;
  i: number;
  count: number;
  selected: boolean;
  problem: boolean;
  onSelect: (uid: string) => void;
  onMove: (from: number, to: number) => void;
  onRemove: (uid: string) => void;
}

/** One field on the canvas, sortable by its whole card (the buttons inside stay buttons). */
function CanvasField({ f, i, count, selected, problem, onSelect, onMove, onRemove }: CanvasFieldProps) {
  const label = `字段「${f.name || '未命名字段'}」`;
  const { attributes, listeners, setNodeRef, transform, transition, isDragging, isOver, active } = useSortable({
    id: f.uid,
    data: { label },
    attributes: { roleDescription: '可拖动排序的字段' },
  });
  // a new field from the palette lands before the field it is over
  const adding = isOver && active != null && typeOf(active.id) !== undefined;
  return (
    <div
      ref={setNodeRef}
      {...attributes}
      {...listeners}
      role="option"
      aria-selected={selected}
      aria-label={f.name}
      tabIndex={0}
      data-testid="canvas-field"
      data-name={f.name}
      className={[
        'sk-canvas-field',
        selected ? 'is-selected' : '',
        problem ? 'has-problem' : '',
        adding ? 'drop-before' : '',
        isDragging ? 'is-lifted' : '',
      ].join(' ')}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      onClick={() => onSelect(f.uid)}
      onKeyDown={(e) => {
        listeners?.onKeyDown?.(e);
        if (e.key === 'Enter' && e.target === e.currentTarget) onSelect(f.uid);
      }}
    >
      <HolderOutlined className="sk-canvas-handle" />
      <div className="sk-canvas-body">
        <Typography.Text strong>{f.name || '未命名字段'}</Typography.Text>
        <Space size={4} wrap>
          <Tag>{FIELD_TYPES[f.type]}</Tag>
          {f.required ? <Tag color="red">必填</Tag> : null}
          {f.condition ? <Tag color="purple">条件显示</Tag> : null}
          {f.type === 19 && f.formulaText ? <Tag color="blue">{f.formulaText}</Tag> : null}
          {f.id === undefined ? <Tag color="gold">未保存</Tag> : null}
        </Space>
      </div>
      {/* the buttons take their own keys and presses: they neither lift nor select the field */}
      <Space
        size={0}
        onClick={(e) => e.stopPropagation()}
        onKeyDown={(e) => e.stopPropagation()}
        onMouseDown={(e) => e.stopPropagation()}
        onTouchStart={(e) => e.stopPropagation()}
      >
        <Tooltip title="上移">
          <Button size="small" type="text" aria-label={`上移${f.name}`} icon={<ArrowUpOutlined />} disabled={i === 0} onClick={() => onMove(i, i - 1)} />
        </Tooltip>
        <Tooltip title="下移">
          <Button
            size="small"
            type="text"
            aria-label={`下移${f.name}`}
            icon={<ArrowDownOutlined />}
            disabled={i === count - 1}
            onClick={() => onMove(i, i + 1)}
          />
        </Tooltip>
        <Tooltip title="删除">
          <Button size="small" type="text" danger aria-label={`删除${f.name}`} icon={<DeleteOutlined />} onClick={() => onRemove(f.uid)} />
        </Tooltip>
      </Space>
    </div>
  );
}

/** The form's fields in order: click to edit, drag (or the arrows) to reorder, drop a type from the palette to add. Inside FieldDnd. */
export function FieldCanvas({ fields, selected, problemUid, onSelect, onMove, onRemove }: FieldCanvasProps) {
  if (fields.length === 0) return <Tail empty />;
  return (
    <div className="sk-canvas" data-testid="field-canvas">
      {fields.map((f, i) => (
        <CanvasField
          key={f.uid}
          f={f}
          i={i}
          count={fields.length}
          selected={selected === f.uid}
          problem={problemUid === f.uid}
          onSelect={onSelect}
          onMove={onMove}
          onRemove={onRemove}
        />
      ))}
      <Tail empty={false} />
    </div>
  );
}
