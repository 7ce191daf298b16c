import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, HolderOutlined } from '@ant-design/icons';
import { FIELD_TYPES, type FieldType } from '@sk/shared/forms/index';
import { Button, Empty, Space, Tag, Tooltip, Typography } from 'antd';
import { type DragEvent, useState } from 'react';
import type { DraftField } from './draft';
import './designer.css';

/** Drag payloads: a field moving in the list, or a new field from the palette. */
export const DRAG_FIELD = 'application/x-sk-field';
export const DRAG_TYPE = 'application/x-sk-field-type';

export interface FieldCanvasProps {
  fields: DraftField[];
  selected: string | null;
  problemUid?: string | null;
  onSelect: (uid: string) => void;
  onMove: (from: number, to: number) => void;
  onAdd: (type: FieldType, at: number) => void;
  onRemove: (uid: string) => void;
}

/** The form's fields in order: click to edit, drag (or the arrows) to reorder, drop a type from the palette to add. */
export function FieldCanvas({ fields, selected, problemUid, onSelect, onMove, onAdd, onRemove }: FieldCanvasProps) {
  const [over, setOver] = useState<number | null>(null);

  const drop = (e: DragEvent, at: number) => {
    e.preventDefault();
    setOver(null);
    const from = e.dataTransfer.getData(DRAG_FIELD);
    const type = e.dataTransfer.getData(DRAG_TYPE);
    if (from !== '') onMove(Number(from), at > Number(from) ? at - 1 : at);
    else if (type !== '') onAdd(Number(type) as FieldType, at);
  };
  const allowDrop = (e: DragEvent, at: number) => {
    e.preventDefault();
    if (over !== at) setOver(at);
  };

  if (fields.length === 0) {
    return (
      <div className="sk-canvas sk-canvas-empty" data-testid="field-canvas" onDragOver={(e) => allowDrop(e, 0)} onDrop={(e) => drop(e, 0)}>
        <Empty description="从左侧点击或拖入字段类型" />
      </div>
    );
  }

  return (
    <div className="sk-canvas" data-testid="field-canvas" onDragLeave={() => setOver(null)}>
      {fields.map((f, i) => (
        <div
          key={f.uid}
          role="option"
          aria-selected={selected === f.uid}
          aria-label={f.name}
          tabIndex={0}
          draggable
          data-testid="canvas-field"
          data-name={f.name}
          className={[
            'sk-canvas-field',
            selected === f.uid ? 'is-selected' : '',
            problemUid === f.uid ? 'has-problem' : '',
            over === i ? 'drop-before' : '',
          ].join(' ')}
          onClick={() => onSelect(f.uid)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') onSelect(f.uid);
          }}
          onDragStart={(e) => {
            e.dataTransfer.setData(DRAG_FIELD, String(i));
            e.dataTransfer.effectAllowed = 'move';
          }}
          onDragOver={(e) => allowDrop(e, i)}
          onDrop={(e) => drop(e, i)}
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
          <Space size={0} onClick={(e) => e.stopPropagation()}>
            <Tooltip title="上移">
              <Button size="small" type="text" aria-label={`上移${f.name}`} icon={<ArrowUpOutlined />} disabled={i === 0} onClick={() => onMove(i, i - 1)} />
            </Tooltip>
            <Tooltip title="下移">
              <Button
                size="small"
                type="text"
                aria-label={`下移${f.name}`}
                icon={<ArrowDownOutlined />}
                disabled={i === fields.length - 1}
                onClick={() => onMove(i, i + 1)}
              />
            </Tooltip>
            <Tooltip title="删除">
              <Button size="small" type="text" danger aria-label={`删除${f.name}`} icon={<DeleteOutlined />} onClick={() => onRemove(f.uid)} />
            </Tooltip>
          </Space>
        </div>
      ))}
      <div
        className={['sk-canvas-tail', over === fields.length ? 'drop-before' : ''].join(' ')}
        data-testid="canvas-tail"
        onDragOver={(e) => allowDrop(e, fields.length)}
        onDrop={(e) => drop(e, fields.length)}
      >
        拖到这里放在最后
      </div>
    </div>
  );
}
