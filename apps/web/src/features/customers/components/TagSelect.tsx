import { Select } from 'antd';
import { ColorTag } from '../../../components';
import { useCustomerTags } from '../api';

export interface TagSelectProps {
  value?: number[] | number | null;
  onChange?: (v: number[] | number | null) => void;
  /** One tag (the list filter) or several (tagging a customer). */
  single?: boolean;
  placeholder?: string;
  style?: React.CSSProperties;
  id?: string;
}

/** Customer tags (code 4) shown in their colours. */
export function TagSelect({ value, onChange, single = false, placeholder = '请选择客户标签', style, id }: TagSelectProps) {
  const tags = useCustomerTags();
  const colorOf = new Map((tags.data ?? []).map((t) => [t.id, t.color_rgb]));
  return (
    <Select<number[] | number>
      id={id}
      mode={single ? undefined : 'multiple'}
      allowClear
      style={{ minWidth: 200, ...style }}
      placeholder={placeholder}
      loading={tags.isPending}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      showSearch={{ optionFilterProp: 'label' }}
      options={(tags.data ?? []).map((t) => ({ value: t.id, label: t.name }))}
      optionRender={(o) => <ColorTag color={colorOf.get(o.value as number)}>{o.label}</ColorTag>}
      tagRender={({ label, value: v, closable, onClose }) => (
        <ColorTag color={colorOf.get(v as number)} closable={closable} onClose={onClose} style={{ marginInlineEnd: 4 }}>
          {label}
        </ColorTag>
      )}
      aria-label="客户标签"
    />
  );
}

/** A customer's tags as coloured badges. */
export function TagList({ tags, empty = '—' }: { tags: { id: number; name: string; color_rgb: string }[]; empty?: string | null }) {
  if (!tags.length) return empty ? <span>{empty}</span> : null;
  return (
    <span>
      {tags.map((t) => (
        <ColorTag key={t.id} color={t.color_rgb}>
          {t.name}
        </ColorTag>
      ))}
    </span>
  );
}
