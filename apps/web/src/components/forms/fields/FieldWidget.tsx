import { FIELD_LIMITS, type FieldDef } from '@sk/shared/forms/index';
import { Cascader, Checkbox, DatePicker, Input, InputNumber, Radio, Rate, Space, Switch, TimePicker, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import type { ReactNode } from 'react';
import { ScannerInput } from '../../ScannerInput';
import { AddressField } from './AddressField';
import { LinkField } from './LinkField';
import { PositionField } from './PositionField';
import { SignatureField } from './SignatureField';
import { UploadField } from './UploadField';

dayjs.extend(customParseFormat);

export interface WidgetProps {
  def: FieldDef;
  value: unknown;
  onChange: (v: unknown) => void;
  disabled?: boolean;
  /** DOM id, so the label points at the control. */
  id?: string;
  /** Details of stored files by id (names, urls). */
  files?: Map<number, { name?: string; url?: string; ext?: string }>;
}

const DATE = 'YYYY-MM-DD';
const TIME = 'HH:mm:ss';
const DATETIME = `${DATE} ${TIME}`;
const SHOW_DATE = 'YYYY/MM/DD';

const parse = (v: unknown, format: string): Dayjs | null => {
  if (typeof v !== 'string' || !v) return null;
  const d = dayjs(v, format);
  return d.isValid() ? d : null;
};
const text = (v: unknown): string => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
const numberOrNull = (v: unknown): number | null =>
  typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : null;
const bound = (v: FieldDef['min']): number | undefined => (typeof v === 'number' ? v : undefined);
const optionsOf = (def: FieldDef) => def.options.map((o) => ({ label: o, value: o }));
interface CascadeOption {
  label: string;
  value: string;
  children?: CascadeOption[];
}
const cascadeOptions = (nodes: FieldDef['cascade']): CascadeOption[] =>
  nodes.map((n) => ({ label: n.label, value: n.label, children: n.children?.length ? cascadeOptions(n.children) : undefined }));

function rangeWidget({ def, value, onChange, disabled, id }: WidgetProps, withTime: boolean): ReactNode {
  const format = withTime ? DATETIME : DATE;
  const pair = Array.isArray(value) ? [parse(value[0], format), parse(value[1], format)] : null;
  return (
    <DatePicker.RangePicker
      id={id}
      style={{ width: '100%' }}
      disabled={disabled}
      showTime={withTime}
      format={withTime ? `${SHOW_DATE} HH:mm` : SHOW_DATE}
      value={pair as [Dayjs | null, Dayjs | null] | null}
      placeholder={['开始', '结束']}
      aria-label={def.name}
      onChange={(v) => onChange(v?.[0] && v[1] ? [v[0].format(format), v[1].format(format)] : null)}
    />
  );
}

/** One control per field type (custom types 1–18, display codes 19–30: FIELD_TYPES). */
export function FieldWidget(p: WidgetProps): ReactNode {
  const { def, value, onChange, disabled, id } = p;
  const placeholder = def.placeholder || undefined;
  switch (def.type) {
    case 1:
    case 23:
      return (
        <Input
          id={id}
          disabled={disabled}
          placeholder={placeholder}
          maxLength={def.maxLength ?? FIELD_LIMITS.text}
          value={text(value)}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case 13:
      return (
        <Input.TextArea
          id={id}
          disabled={disabled}
          placeholder={placeholder}
          rows={3}
          maxLength={def.maxLength ?? FIELD_LIMITS.textarea}
          value={text(value)}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case 2:
      return (
        <InputNumber
          id={id}
          style={{ width: '100%' }}
          disabled={disabled}
          placeholder={placeholder}
          min={bound(def.min)}
          max={bound(def.max)}
          precision={def.precision ?? undefined}
          value={numberOrNull(value)}
          onChange={(v) => onChange(v ?? null)}
        />
      );
    case 3:
      return <Radio.Group id={id} disabled={disabled} options={optionsOf(def)} value={text(value) || undefined} onChange={(e) => onChange(e.target.value)} />;
    case 8:
      return (
        <Checkbox.Group
          disabled={disabled}
          options={optionsOf(def)}
          value={Array.isArray(value) ? (value as string[]) : []}
          onChange={(v) => onChange(v.length ? v : null)}
        />
      );
    case 4:
      return (
        <DatePicker
          id={id}
          style={{ width: '100%' }}
          disabled={disabled}
          placeholder={placeholder ?? '请选择日期'}
          format={SHOW_DATE}
          value={parse(value, DATE)}
          onChange={(d) => onChange(d ? d.format(DATE) : null)}
        />
      );
    case 5:
      return (
        <TimePicker
          id={id}
          style={{ width: '100%' }}
          disabled={disabled}
          placeholder={placeholder ?? '请选择时间'}
          value={parse(value, TIME)}
          onChange={(d) => onChange(d ? d.format(TIME) : null)}
        />
      );
    case 6:
      return (
        <DatePicker
          id={id}
          style={{ width: '100%' }}
          disabled={disabled}
          showTime
          placeholder={placeholder ?? '请选择日期时间'}
          format={`${SHOW_DATE} HH:mm:ss`}
          value={parse(value, DATETIME)}
          onChange={(d) => onChange(d ? d.format(DATETIME) : null)}
        />
      );
    case 24:
      return rangeWidget(p, false);
    case 25:
      return rangeWidget(p, true);
    case 7:
      return (
        <Switch id={id} disabled={disabled} checked={value === '1'} checkedChildren="是" unCheckedChildren="否" onChange={(on) => onChange(on ? '1' : '0')} />
      );
    case 16:
      return (
        <Checkbox id={id} disabled={disabled} checked={value === '1'} onChange={(e) => onChange(e.target.checked ? '1' : null)}>
          {placeholder ?? '是'}
        </Checkbox>
      );
    case 9:
      return <AddressField id={id} value={value} onChange={onChange} disabled={disabled} placeholder={placeholder} />;
    case 10:
    case 15:
    case 26:
      return <UploadField id={id} def={def} value={value} onChange={onChange} disabled={disabled} files={p.files} />;
    case 21:
      return <SignatureField id={id} value={value} onChange={onChange} disabled={disabled} files={p.files} />;
    case 11:
      return <PositionField id={id} value={value} onChange={onChange} disabled={disabled} />;
    case 12:
      return <ScannerInput id={id} disabled={disabled} placeholder={placeholder} value={text(value)} onChange={(v) => onChange(v)} />;
    case 17: {
      const h = value && typeof value === 'object' ? (value as { url?: string; text?: string }) : { url: text(value), text: '' };
      return (
        <Space.Compact style={{ display: 'flex' }}>
          <Input
            id={id}
            disabled={disabled}
            style={{ flex: 3 }}
            placeholder="链接地址（http://或https://开头）"
            value={h.url ?? ''}
            onChange={(e) => onChange({ ...h, url: e.target.value })}
          />
          <Input
            disabled={disabled}
            style={{ flex: 2 }}
            aria-label={`${def.name}显示文字`}
            placeholder="显示文字"
            value={h.text ?? ''}
            onChange={(e) => onChange({ ...h, text: e.target.value })}
          />
        </Space.Compact>
      );
    }
    case 18:
      return (
        <Cascader
          id={id}
          style={{ width: '100%' }}
          disabled={disabled}
          placeholder={placeholder ?? '请选择'}
          options={cascadeOptions(def.cascade)}
          value={Array.isArray(value) ? (value as string[]) : undefined}
          onChange={(v) => onChange(v && (v as string[]).length ? v : null)}
        />
      );
    case 22:
      return (
        <Rate id={id} disabled={disabled} count={def.stars ?? FIELD_LIMITS.stars} value={numberOrNull(value) ?? 0} onChange={(n) => onChange(n || null)} />
      );
    case 30:
      return <LinkField id={id} kind={def.linkKind} disabled={disabled} value={numberOrNull(value)} onChange={onChange} />;
    case 14:
      return <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{def.help}</Typography.Paragraph>;
    case 20:
      return <Typography.Text>{text(def.defaultValue)}</Typography.Text>;
    case 19:
      return <Input id={id} readOnly variant="filled" placeholder="自动计算" value={value === null || value === undefined ? '' : String(value)} />;
    default:
      return null;
  }
}
