// The return-visit form (kind 8 服务评价) on the visit page: the plan's form rendered by the form engine's one renderer.
import type { FieldDef } from '@sk/shared/forms/index';
import { formsContract } from '@sk/shared/forms/forms.contract';
import { Divider } from 'antd';
import { useEffect, useMemo } from 'react';
import { type FormDefinition, FormRenderer, useFormRenderer } from '../../components/forms';
import { useApi } from '../../lib/query';
import { useUser } from '../../lib/session';

const NONE: FormDefinition = { fixedFields: [], fields: [], groups: [], height: null };

/** The plan's form's definition (its latest version), none without a form (or when it cannot be read), null while it loads. */
export function useVisitForm(formTemplateId: number | null | undefined): FormDefinition | null {
  const info = useApi(
    formsContract.dcFormInfo,
    { type: 8, tmpId: formTemplateId ?? undefined },
    { enabled: formTemplateId != null, staleTime: 0, call: { silent: true } },
  );
  const loading = formTemplateId != null && info.isPending;
  return useMemo(() => (info.data ? { ...NONE, fields: info.data.fields as FieldDef[] } : loading ? null : NONE), [info.data, loading]);
}

/** The form's state: its values, its check before a pass, and the fields to render. */
export function useVisitFormState(definition: FormDefinition | null, initial: Record<string, unknown> | undefined) {
  const user = useUser();
  const roles = useMemo(() => (user.sysrole ? [user.sysrole] : []), [user.sysrole]);
  const state = useFormRenderer(definition ?? NONE, { ext: initial ?? {} }, { isNew: false, roles, previous: initial ?? {} });
  const { reset } = state;
  // The task's earlier answers (a next visit keeps them) once the task has loaded.
  const key = JSON.stringify(initial ?? {});
  useEffect(() => reset({ ext: JSON.parse(key) }), [key, reset]);
  return state;
}

export function VisitFormFields({ state }: { state: ReturnType<typeof useVisitFormState> }) {
  if (state.props.definition.fields.length === 0) return null;
  return (
    <>
      <Divider titlePlacement="start" plain>
        回访表单
      </Divider>
      <FormRenderer {...state.props} columns={1} />
    </>
  );
}
