import { Col, Form, Row } from 'antd';
import { type ReactNode, useId, useMemo } from 'react';
import { FieldWidget, type WidgetProps } from './fields/FieldWidget';
import { extKey, type FormDefinition, type FormValues, liveState, type Section, sectionsOf, sysKey } from './formState';
import './forms.css';

export interface FormRendererProps {
  definition: FormDefinition;
  value: FormValues;
  onChange?: (next: FormValues) => void;
  /** The user's roles: fields visible to other roles only are left out. */
  roles?: readonly number[];
  readOnly?: boolean;
  /** Messages by field key (`sys:<key>`, `ext:<id>`), e.g. from validateForm. */
  errors?: Record<string, string>;
  /** Controls for fixed fields the owning area renders itself (a customer picker …), by fixed key. */
  fixedWidgets?: Record<string, (p: WidgetProps) => ReactNode>;
  /** Details of stored files (names, urls) by id. */
  files?: WidgetProps['files'];
  /** Fields per row on wide screens. */
  columns?: 1 | 2 | 3;
}

/** Types that take a whole row. */
const WIDE_TYPES: readonly number[] = [8, 10, 11, 13, 14, 15, 21, 26];

/** The DOM id of a field's control (labels point at it; a failed check scrolls to it). */
export const fieldDomId = (formId: string, key: string): string => `${formId}_${key.replace(':', '_')}`;

/**
 * Renders any form kind from its definitions: fixed and custom fields, order groups in column order, conditions
 * (hidden fields are not shown), required marks, live formulas, and a control per field type.
 */
export function FormRenderer(props: FormRendererProps) {
  const { definition, value, onChange, roles, readOnly, errors = {}, fixedWidgets = {}, files, columns = 2 } = props;
  const formId = useId().replace(/:/g, '');
  const sections = useMemo(() => sectionsOf(definition), [definition]);
  const { shown, computed } = useMemo(() => liveState(definition, value, roles), [definition, value, roles]);
  const span = 24 / columns;

  const setSystem = (k: string, v: unknown) => onChange?.({ ...value, system: { ...value.system, [k]: v } });
  const setExt = (id: number, v: unknown) => onChange?.({ ...value, ext: { ...value.ext, [String(id)]: v } });

  const renderItem = (item: Section['items'][number]) => {
    const { def } = item;
    const key = item.kind === 'fixed' ? sysKey(item.field.key) : extKey(def.id);
    if (item.kind === 'custom' && !shown.has(def.id)) return null;
    const domId = fieldDomId(formId, key);
    const widgetProps: WidgetProps = {
      def,
      id: domId,
      disabled: readOnly,
      files,
      value: item.kind === 'fixed' ? value.system[item.field.key] : def.type === 19 ? computed[String(def.id)] : value.ext[String(def.id)],
      onChange: (v) => (item.kind === 'fixed' ? setSystem(item.field.key, v) : setExt(def.id, v)),
    };
    const custom = item.kind === 'fixed' ? fixedWidgets[item.field.key] : undefined;
    const error = errors[key];
    const needed = def.required && def.type !== 19 && def.type !== 14 && def.type !== 20;
    return (
      <Col key={key} xs={24} md={WIDE_TYPES.includes(def.type) ? 24 : span} data-field={key}>
        <Form.Item
          label={def.name}
          htmlFor={domId}
          required={needed}
          validateStatus={error ? 'error' : undefined}
          help={error ?? (def.type === 14 ? undefined : def.help || undefined)}
        >
          {custom ? custom(widgetProps) : <FieldWidget {...widgetProps} />}
        </Form.Item>
      </Col>
    );
  };

  return (
    <Form layout="vertical" component="div" className="sk-form-renderer" data-testid="form-renderer">
      {sections.map((s) => {
        const items = s.items.map(renderItem).filter(Boolean);
        if (items.length === 0) return null;
        return (
          <section key={s.key} className="sk-form-section" data-group={s.key}>
            {s.name ? <div className="sk-form-section-title">{s.name}</div> : null}
            <Row gutter={16} style={definition.height ? { minHeight: definition.height } : undefined}>
              {items}
            </Row>
          </section>
        );
      })}
    </Form>
  );
}
