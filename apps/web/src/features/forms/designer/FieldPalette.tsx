import { useDraggable } from '@dnd-kit/core';
import { FIELD_TYPES, type FieldType } from '@sk/shared/forms/index';
import { Typography } from 'antd';
import { paletteId } from './FieldCanvas';

/** Field types a template may add (custom types 1–18 and display codes 19–30). */
const ADDABLE = Object.keys(FIELD_TYPES).map(Number) as FieldType[];

/**
 * A type to add: a click (or Enter, Space) adds it at the end; the mouse or a finger drags it onto the form (the
 * keyboard adds, then moves the field on the canvas, so Space stays the button's own key).
 */
function PaletteItem({ t, onAdd }: { t: FieldType; onAdd: (type: FieldType) => void }) {
  const { setNodeRef, listeners, isDragging } = useDraggable({ id: paletteId(t), data: { label: `新字段「${FIELD_TYPES[t]}」` } });
  const { onKeyDown: _keys, ...pointer } = listeners ?? {};
  return (
    <button ref={setNodeRef} type="button" className={['sk-palette-item', isDragging ? 'is-dragged' : ''].join(' ')} {...pointer} onClick={() => onAdd(t)}>
      {FIELD_TYPES[t]}
    </button>
  );
}

/** The field types: click to add at the end, or drag onto the form. */
export function FieldPalette({ onAdd }: { onAdd: (type: FieldType) => void }) {
  return (
    <div>
      <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 8 }}>
        字段类型
      </Typography.Text>
      <div className="sk-palette" data-testid="field-palette">
        {ADDABLE.map((t) => (
          <PaletteItem key={t} t={t} onAdd={onAdd} />
        ))}
      </div>
    </div>
  );
}
