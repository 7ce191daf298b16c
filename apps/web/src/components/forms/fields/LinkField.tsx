import { LINK_KINDS, type LinkKind } from '@sk/shared/forms/index';
import { orgContract } from '@sk/shared/org/org.contract';
import { InputNumber } from 'antd';
import type { ComponentType } from 'react';
import { useApi } from '../../../lib/query';
import { PersonField } from '../../PersonField';
import type { Person } from '../../PersonPicker';

export interface LinkPickerProps {
  /** The linked record's id. */
  value: number | null;
  onChange: (id: number | null) => void;
  disabled?: boolean;
  id?: string;
}

/** Record pickers by link kind; an area registers its own (a customer picker, an order picker …). */
const pickers = new Map<LinkKind, ComponentType<LinkPickerProps>>();

export function registerLinkPicker(kind: LinkKind, picker: ComponentType<LinkPickerProps>): void {
  pickers.set(kind, picker);
}

function UserPicker({ value, onChange, disabled }: LinkPickerProps) {
  const names = useApi(orgContract.userNames, { ids: String(value ?? '') }, { enabled: !!value, call: { silent: true } });
  const name = names.data?.find((n) => n.id === value)?.name ?? (value ? `人员${value}` : '');
  const people: Person[] = value ? [{ id: value, name } as Person] : [];
  if (disabled) return <span>{name}</span>;
  return <PersonField value={people} onChange={(p) => onChange(p[0]?.id ?? null)} />;
}

function IdInput({ value, onChange, disabled, id, kind }: LinkPickerProps & { kind: LinkKind | null }) {
  return (
    <InputNumber
      id={id}
      style={{ width: '100%' }}
      min={1}
      precision={0}
      disabled={disabled}
      placeholder={`请输入${kind ? LINK_KINDS[kind] : '记录'}编号`}
      value={value}
      onChange={(v) => onChange(typeof v === 'number' ? v : null)}
    />
  );
}

/** A link to a related record (30): the kind's registered picker, the person picker for people, else the record id. */
export function LinkField({ kind, ...p }: LinkPickerProps & { kind: LinkKind | null }) {
  const Picker = kind ? pickers.get(kind) : undefined;
  if (Picker) return <Picker {...p} />;
  if (kind === 'user') return <UserPicker {...p} />;
  return <IdInput {...p} kind={kind} />;
}
