// Custom fields (ext) of the customer area's form kinds, through the form engine's renderer.
import type { EndpointDef, ResponseOf } from '@sk/shared/common/contract';
import type { FormKindId } from '@sk/shared/forms/forms.constants';
import { formsContract } from '@sk/shared/forms/forms.contract';
import type { ExtValues } from '@sk/shared/forms/forms.schema';
import { Divider, Spin } from 'antd';
import { type ReactNode, type Ref, useImperativeHandle, useMemo, useRef } from 'react';
import { RecordFormDialog, type RecordFormDialogProps } from '../../../components';
import { type FormCheck, type FormDefinition, FormRenderer, type LinkPickerProps, registerLinkPicker, useFormRenderer } from '../../../components/forms';
import type { InputOf } from '../../../lib/api';
import { useApi } from '../../../lib/query';
import { useUser } from '../../../lib/session';
import { CustomerSelect } from './CustomerSelect';

/** Link fields (30) to customers pick them by name, contact or phone. */
function CustomerLinkPicker({ value, onChange, disabled, id }: LinkPickerProps) {
  return <CustomerSelect id={id} value={value} disabled={disabled} onChange={(v) => onChange(v)} />;
}
registerLinkPicker('customer', CustomerLinkPicker);

/** Form kinds of this area: customer 2, customer product 3, maintenance contract 25, sales contract 26. */
export const KIND = { customer: 2, customerProduct: 3, maintainContract: 25, saleContract: 26 } as const satisfies Record<string, FormKindId>;

/** The kind's custom fields at the current template version (no fixed fields: the area's dialogs render those). */
export function useExtDefinition(kind: FormKindId, enabled = true) {
  const info = useApi(formsContract.dcFormInfo, { type: kind }, { enabled, staleTime: 0, call: { silent: true } });
  const definition = useMemo<FormDefinition | null>(
    () =>
      info.data
        ? { fixedFields: [], fields: info.data.fields, groups: [], height: null }
        : info.isError
          ? { fixedFields: [], fields: [], groups: [], height: null }
          : null,
    [info.data, info.isError],
  );
  return definition;
}

export interface ExtFormApi {
  /** Checks the custom values with the shared validator; answers them, or null (the failing field is marked). */
  check: () => Promise<ExtValues | null>;
}

/** The renderer's state of a loaded definition: `check` validates before saving, `form` is nothing without custom fields. */
function useExtForm(definition: FormDefinition, initial: ExtValues | undefined, isNew: boolean): ExtFormApi & { form: ReactNode } {
  const user = useUser();
  const roles = useMemo(() => (user.sysrole ? [user.sysrole] : []), [user.sysrole]);
  const state = useFormRenderer(definition, { ext: initial ?? {} }, { isNew, roles, previous: initial ?? null });
  const check = async (): Promise<ExtValues | null> => {
    const r: FormCheck = await state.validate();
    return r.ok ? r.ext : null;
  };
  const form = definition.fields.length ? (
    <>
      <Divider titlePlacement="start" plain>
        自定义字段
      </Divider>
      <FormRenderer {...state.props} columns={2} />
    </>
  ) : null;
  return { check, form };
}

/**
 * Waits for the kind's field definitions, then renders `children(ext)`: `ext.form` is the renderer (nothing when
 * the kind has no custom fields) and `ext.check` validates before saving.
 */
export function WithExtFields({
  kind,
  initial,
  isNew,
  children,
}: {
  kind: FormKindId;
  initial?: ExtValues;
  isNew: boolean;
  children: (ext: ExtFormApi & { form: ReactNode }) => ReactNode;
}) {
  const definition = useExtDefinition(kind);
  if (!definition) return <Spin />;
  return (
    <ExtBody definition={definition} initial={initial} isNew={isNew}>
      {children}
    </ExtBody>
  );
}

function ExtBody({
  definition,
  initial,
  isNew,
  children,
}: {
  definition: FormDefinition;
  initial?: ExtValues;
  isNew: boolean;
  children: (ext: ExtFormApi & { form: ReactNode }) => ReactNode;
}) {
  const ext = useExtForm(definition, initial, isNew);
  return <>{children(ext)}</>;
}

/** The custom-field form under a dialog's fixed fields; hands its check to the dialog through `api`. */
function ExtFields({ definition, initial, isNew, api }: { definition: FormDefinition; initial?: ExtValues; isNew: boolean; api: Ref<ExtFormApi> }) {
  const ext = useExtForm(definition, initial, isNew);
  useImperativeHandle(api, () => ({ check: ext.check }));
  return <>{ext.form}</>;
}

/** The record an ext dialog edits, fetched fresh while the dialog is open; null (and not loading) when it creates one. */
export function useEditedRecord<E extends EndpointDef>(ep: E, input: InputOf<E>, id: number | null, open: boolean) {
  const q = useApi(ep, input, { enabled: open && !!id, staleTime: 0 });
  const record: ResponseOf<E> | null = id ? (q.data ?? null) : null;
  return { record, loading: !!id && !record };
}

export interface ExtRecordFormDialogProps<T> extends Omit<RecordFormDialogProps<T>, 'onSubmit' | 'after'> {
  /** The form kind whose custom fields follow the fixed ones. */
  kind: FormKindId;
  /** The record being edited (its saved custom values are `ext`); null creates one. */
  record: { ext?: ExtValues } | null;
  /** Save the fixed values with the checked custom ones; resolve to close, reject to stay open. */
  onSubmit: (values: T, ext: ExtValues) => Promise<unknown>;
}

/**
 * RecordFormDialog of a record with custom fields (the contracts; meant for customer and installed product too): a spinner until the
 * record and the kind's fields are loaded; the save runs only when both the fixed and the custom fields pass.
 */
export function ExtRecordFormDialog<T extends object>({ kind, record, onSubmit, loading, ...dialog }: ExtRecordFormDialogProps<T>) {
  const definition = useExtDefinition(kind, dialog.open);
  const api = useRef<ExtFormApi>(null);
  const submit = async (values: T) => {
    const checked = api.current ? await api.current.check() : null;
    // The renderer marked the failing custom field; rejecting keeps the dialog open.
    if (!checked) throw new Error('自定义字段未通过校验');
    await onSubmit(values, checked);
  };
  return (
    <RecordFormDialog<T>
      {...dialog}
      loading={loading || !definition}
      onSubmit={submit}
      after={definition ? <ExtFields definition={definition} initial={record?.ext} isNew={!record} api={api} /> : null}
    />
  );
}
