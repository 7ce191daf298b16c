// A template's custom fields on a create page (新建事件, 新建项目): the form engine's renderer under 自定义字段, a check
// the page runs on save, and `onReady` so the page saves nothing before the fields are there (a save then went without
// them; a copy lost the source's values).
import type { ExtValues } from '@sk/shared/forms/forms.schema';
import { Divider, Spin } from 'antd';
import { type RefObject, useEffect, useMemo } from 'react';
import { useUser } from '../../lib/session';
import { FormRenderer } from './FormRenderer';
import type { FormDefinition } from './formState';
import { useFormRenderer } from './useFormRenderer';

/** Validates the custom values: null when one is refused (the renderer shows why). */
export type ExtCheck = () => Promise<ExtValues | null>;

export interface TemplateExtFieldsProps {
  /** The template's fields as the page's own query answers them. */
  info: { data?: { fields: FormDefinition['fields'] }; isError: boolean };
  check: RefObject<ExtCheck | null>;
  initial?: ExtValues;
  /** Whether the fields are there to be checked (or failed to load: the page then saves without them). */
  onReady: (ready: boolean) => void;
}

export function TemplateExtFields({ info, check, initial, onReady }: TemplateExtFieldsProps) {
  const definition = useMemo<FormDefinition | null>(
    () => (info.data ? { fixedFields: [], fields: info.data.fields, groups: [], height: null } : null),
    [info.data],
  );
  useEffect(() => {
    onReady(!!definition || info.isError);
    return () => onReady(false);
  }, [definition, info.isError, onReady]);
  if (!definition) return info.isError ? null : <Spin />;
  return <ExtBody definition={definition} check={check} initial={initial} />;
}

function ExtBody({ definition, check, initial }: { definition: FormDefinition; check: RefObject<ExtCheck | null>; initial?: ExtValues }) {
  const user = useUser();
  const roles = useMemo(() => (user.sysrole ? [user.sysrole] : []), [user.sysrole]);
  const state = useFormRenderer(definition, initial ? { ext: initial } : {}, { isNew: !initial, roles, previous: initial ?? null });
  check.current = async () => {
    const r = await state.validate();
    return r.ok ? r.ext : null;
  };
  if (!definition.fields.length) return null;
  return (
    <>
      <Divider titlePlacement="start" plain>
        自定义字段
      </Divider>
      <FormRenderer {...state.props} columns={2} />
    </>
  );
}
