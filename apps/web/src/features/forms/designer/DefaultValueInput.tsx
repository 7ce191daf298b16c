import { Form, Input, InputNumber, Select } from 'antd';
import type { DraftField } from './draft';

const TEXT_TYPES = [1, 12, 13, 23];
const DATE_HINT: Record<number, string> = { 4: '如2024-01-01', 5: '如08:30', 6: '如2024-01-01 08:30:00' };

/** The default value of a new record's field, by type; types without one show nothing (20 is its fixed value). */
export function DefaultValueInput({ field: f, onChange }: { field: DraftField; onChange: (v: unknown) => void }) {
  const t = f.type;
  const text = typeof f.defaultValue === 'string' || typeof f.defaultValue === 'number' ? String(f.defaultValue) : '';
  let control: React.ReactNode = null;
  if (TEXT_TYPES.includes(t) || t === 20 || DATE_HINT[t]) {
    control = <Input id="prop-default" placeholder={DATE_HINT[t]} maxLength={200} value={text} onChange={(e) => onChange(e.target.value || null)} />;
  } else if (t === 2 || t === 22) {
    control = (
      <InputNumber
        id="prop-default"
        style={{ width: '100%' }}
        value={typeof f.defaultValue === 'number' ? f.defaultValue : null}
        onChange={(v) => onChange(v ?? null)}
      />
    );
  } else if (t === 3) {
    control = (
      <Select
        id="prop-default"
        allowClear
        style={{ width: '100%' }}
        value={text || undefined}
        options={f.options.filter(Boolean).map((o) => ({ value: o, label: o }))}
        onChange={(v) => onChange(v ?? null)}
      />
    );
  } else if (t === 8) {
    const list = Array.isArray(f.defaultValue) ? (f.defaultValue as string[]) : [];
    control = (
      <Select
        id="prop-default"
        mode="multiple"
        allowClear
        style={{ width: '100%' }}
        value={list}
        options={f.options.filter(Boolean).map((o) => ({ value: o, label: o }))}
        onChange={(v: string[]) => onChange(v.length ? v : null)}
      />
    );
  } else if (t === 7 || t === 16) {
    control = (
      <Select
        id="prop-default"
        allowClear
        style={{ width: '100%' }}
        value={text || undefined}
        options={[
          { value: '1', label: '是' },
          { value: '0', label: '否' },
        ]}
        onChange={(v) => onChange(v ?? null)}
      />
    );
  }
  if (!control) return null;
  return (
    <Form.Item label={t === 20 ? '固定值' : '默认值'} htmlFor="prop-default" style={{ marginBottom: 12 }}>
      {control}
    </Form.Item>
  );
}
