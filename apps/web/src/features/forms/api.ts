// Hooks and helpers over the form-engine contracts (templates, fields, recycle bin).
import type { EndpointDef } from '@sk/shared/common/contract';
import { EVENT_KIND, FORM_KINDS, type FormKindId, isFormKind, PROJECT_KIND } from '@sk/shared/forms/forms.constants';
import { formsContract } from '@sk/shared/forms/forms.contract';
import { queryClient, apiKey } from '../../lib/query';

export { formsContract };

/** Reads that change when a template's fields change. */
export const FIELD_READS: EndpointDef[] = [
  formsContract.dcDetail,
  formsContract.dcList,
  formsContract.dcFormInfo,
  formsContract.dcGetFieldName,
  formsContract.cusTempField,
  formsContract.eventCusTempField,
  formsContract.recycleBinField,
  formsContract.recycleBinFieldCount,
  formsContract.tmplEdit,
];

/** Reads that change when templates are added, renamed, enabled or sorted (and their field counts). */
export const TEMPLATE_READS: EndpointDef[] = [formsContract.orderTypeList, formsContract.tempList, formsContract.eventTempList, formsContract.tmplList];

export async function refreshForms(): Promise<void> {
  for (const ep of [...FIELD_READS, ...TEMPLATE_READS]) await queryClient.invalidateQueries({ queryKey: apiKey(ep) });
}

/** Per-field calls of a kind: events and projects have their own variants, others /detailcontrol. */
export function fieldCalls(kind: FormKindId) {
  if (kind === EVENT_KIND) return { save: formsContract.eventSave, update: formsContract.eventUpdate, remove: formsContract.eventDelete };
  if (kind === PROJECT_KIND) return { save: formsContract.projectSave, update: formsContract.projectUpdate, remove: formsContract.projectDelete };
  return { save: formsContract.dcSaveField, update: formsContract.dcUpdateField, remove: formsContract.dcDelete };
}

/** A form kind from a route or query value ('1', 1); null when it is not one. */
export function kindOf(v: unknown, fallback: FormKindId | null = null): FormKindId | null {
  const n = Number(v);
  return v !== null && v !== undefined && v !== '' && isFormKind(n) ? n : fallback;
}

export const kindName = (kind: FormKindId): string => FORM_KINDS[kind].name;

/** A positive id from a route or query value; undefined otherwise. */
export function idOf(v: unknown): number | undefined {
  const n = Number(v);
  return v !== null && v !== undefined && v !== '' && Number.isSafeInteger(n) && n > 0 ? n : undefined;
}
