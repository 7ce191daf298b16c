import { FIELD_TYPES, type FieldType } from '@sk/shared/forms/index';
import { Typography } from 'antd';
import { DRAG_TYPE } from './FieldCanvas';

/** Field types a template may add (custom types 1–18 and display codes 19–30). */
const ADDABLE = Object.keys(FIELD_TYPES).map(Number) as FieldType[];

/** The field types: click to add at the end, or drag onto the form. */
export function FieldPalette({ onAdd }: { onAdd: (type: FieldType) => void }) {
  return (
    <div>
      <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 8 }}>
        字段类型
      </Typography.Text>
      <div className="sk-palette" data-testid="field-palette">
        {ADDABLE.map((t) => (
          <button
            key={t}
            type="button"
            className="sk-palette-item"
            draggable
            onDragStart={(e) => {
              e.dataTransfer.setData(DRAG_TYPE, String(t));
              e.dataTransfer.effectAllowed = 'copy';
            }}
            onClick={() => onAdd(t)}
          >
            {FIELD_TYPES[t]}
          </button>
        ))}
      </div>
    </div>
  );
}
