// Custom fields (ext) of the customer area's form kinds, through the form engine's renderer.
import type { FormKindId } from '@sk/shared/forms/forms.constants';
import { formsContract } from '@sk/shared/forms/forms.contract';
import type { ExtValues } from '@sk/shared/forms/forms.schema';
import { Divider, Spin } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { type FormCheck, type FormDefinition, FormRenderer, type LinkPickerProps, registerLinkPicker, useFormRenderer } from '../../../components/forms';
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
export function useExtDefinition(kind: FormKindId) {
  const info = useApi(formsContract.dcFormInfo, { type: kind }, { staleTime: 0, call: { silent: true } });
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
  return <>{children({ check, form })}</>;
}
